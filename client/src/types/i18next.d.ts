import 'i18next';

import type admin from '../../public/locales/en/admin.json';
import type auth from '../../public/locales/en/auth.json';
import type common from '../../public/locales/en/common.json';
import type course from '../../public/locales/en/course.json';
import type evangelism from '../../public/locales/en/evangelism.json';
import type landing from '../../public/locales/en/landing.json';
import type mentorWeek from '../../public/locales/en/mentor-week.json';
import type mentoring from '../../public/locales/en/mentoring.json';
import type notifications from '../../public/locales/en/notifications.json';
import type onboarding from '../../public/locales/en/onboarding.json';
import type prayer from '../../public/locales/en/prayer.json';
import type privacy from '../../public/locales/en/privacy.json';
import type publicTexts from '../../public/locales/en/public.json';
import type safeguarding from '../../public/locales/en/safeguarding.json';
import type settings from '../../public/locales/en/settings.json';
import type track from '../../public/locales/en/track.json';
import type validationMentoring from '../../public/locales/en/validation-mentoring.json';
import type validationPublic from '../../public/locales/en/validation-public.json';
import type validationSafeguarding from '../../public/locales/en/validation-safeguarding.json';
import type validation from '../../public/locales/en/validation.json';

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
