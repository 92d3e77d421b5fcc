import 'i18next';

import type admin from '#locales/en/admin.json';
import type auth from '#locales/en/auth.json';
import type common from '#locales/en/common.json';
import type course from '#locales/en/course.json';
import type evangelism from '#locales/en/evangelism.json';
import type landing from '#locales/en/landing.json';
import type mentorWeek from '#locales/en/mentor-week.json';
import type mentoring from '#locales/en/mentoring.json';
import type notifications from '#locales/en/notifications.json';
import type onboarding from '#locales/en/onboarding.json';
import type prayer from '#locales/en/prayer.json';
import type privacy from '#locales/en/privacy.json';
import type publicTexts from '#locales/en/public.json';
import type safeguarding from '#locales/en/safeguarding.json';
import type settings from '#locales/en/settings.json';
import type track from '#locales/en/track.json';
import type validationMentoring from '#locales/en/validation-mentoring.json';
import type validationPublic from '#locales/en/validation-public.json';
import type validationSafeguarding from '#locales/en/validation-safeguarding.json';
import type validation from '#locales/en/validation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      admin: typeof admin;
      auth: typeof auth;
      common: typeof common;
      course: typeof course;
      evangelism: typeof evangelism;
      landing: typeof landing;
      'mentor-week': typeof mentorWeek;
      mentoring: typeof mentoring;
      notifications: typeof notifications;
      onboarding: typeof onboarding;
      prayer: typeof prayer;
      privacy: typeof privacy;
      public: typeof publicTexts;
      safeguarding: typeof safeguarding;
      settings: typeof settings;
      track: typeof track;
      'validation-mentoring': typeof validationMentoring;
      'validation-public': typeof validationPublic;
      'validation-safeguarding': typeof validationSafeguarding;
      validation: typeof validation;
    };
  }
}
