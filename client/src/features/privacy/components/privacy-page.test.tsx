import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';

import { buildCurrentUser, buildPublicConfig } from '#client/test/factories.ts';
import { stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { PublicConfig } from '#common/contracts/auth.ts';
import { EDPB_MEMBERS_URL } from '#common/domain/privacy.ts';

import PrivacyPage, { PRIVACY_SECTIONS } from './privacy-page.tsx';

const config = (overrides: Partial<PublicConfig> = {}): PublicConfig =>
  buildPublicConfig({
    callbackRetentionDays: 45,
    controller: { name: 'G.O.D Discipleship Movement (association loi 1901)', address: '12 rue de la Paix, 75002 Paris, France' },
    processors: 'Hosting: Example Cloud GmbH, Germany. Mail: Example Mail SAS, France.',
    ...overrides,
  });

/**
 * What GDPR Art. 13 asks the notice to tell, part by part, in each language: the section's heading,
 * and words that only that part says. A part left out, or an item dropped from one language, fails.
 */
const expected = {
  en: {
    headings: {
      who: 'Who is responsible for your data',
      what: 'What we keep',
      required: 'What you must give us, and why',
      why: 'Why we keep it, and what allows us to',
      'who-sees': 'Who sees it',
      transfers: 'Does your data leave Europe?',
      'how-long': 'How long we keep it',
      rights: 'Your rights',
      withdraw: 'Taking back your agreement about faith data',
      automated: 'A decision the app makes on its own: the age check',
      authority: 'Complaining to a data protection authority',
      young: 'If you are young, and for parents',
      changes: 'Changes to this notice',
    },
    says: {
      required: [/month and year of birth and your country: the law says/, /A callback request needs a name and a phone number/],
      why: [
        /Your account .*Legal basis: our agreement with you, a contract \(Art\. 6\(1\)\(b\)\)/,
        /Your course, the 7-day track, quiz answers.*your explicit consent \(Art\. 9\(2\)\(a\)\)/,
        /Callback requests: .*health.*Art\. 9\(2\)\(a\)/,
        /WatchMoms applications: .*Art\. 9\(2\)\(a\)/,
        /The audit log and the mail log: .*legitimate interest .*Art\. 6\(1\)\(f\)/,
        /parent's agreement: .*legal obligation \(Art\. 6\(1\)\(c\)/,
      ],
      'who-sees': [/the company that sends our mail \(the SMTP provider\)/, /The companies we use: Hosting: Example Cloud GmbH/],
      transfers: [/adequacy decision/, /standard contract clauses/],
      'how-long': [
        /until you delete it\. We do not delete an account because you stopped coming/,
        /Your agreements .*as long as your account exists/,
        /erased 45 days after the request is closed/,
        /Declined applications: deleted 180 days/,
        /Accepted applications: a WatchMoms application/,
        /The mail log: each mail is deleted 90 days/,
        /our copy loses its secret links/,
        /The audit log: each entry is deleted 2 years/,
        /deleted after 30 days if no parent has agreed/,
      ],
      rights: [
        /^Right of access/,
        /^Right to rectification/,
        /^Right to erasure/,
        /^Right to restriction/,
        /^Right to object/,
        /^Right to data portability/,
      ],
      withdraw: [/If you want to keep your account, write to privacy@example\.org/, /Your account keeps only your name/],
      automated: [
        /the app itself decides, from your month and year of birth and your country, whether a parent must agree first/,
        /A person from the team looks at it again/,
      ],
    },
    authorities: [
      "CNIL (Commission nationale de l'informatique et des libertés)",
      "Information Commissioner's Office (ICO)",
      'Data Protection Authority (APD/GBA)',
      'Federal Data Protection and Information Commissioner (FDPIC)',
    ],
    edpb: 'The list of authorities (EDPB)',
    controllerLabel: 'Who is responsible',
    notSet: 'not set yet',
    placeholder: /This copy of the app is a test install/,
  },
  fr: {
    headings: {
      who: 'Qui est responsable de tes données',
      what: "Ce que l'on garde",
      required: 'Ce que tu dois nous donner, et pourquoi',
      why: 'Pourquoi on le garde, et ce qui nous le permet',
      'who-sees': 'Qui le voit',
      transfers: "Tes données quittent-elles l'Europe\u00a0?",
      'how-long': 'Combien de temps on le garde',
      rights: 'Tes droits',
      withdraw: 'Retirer ton accord sur les données de foi',
      automated: "Une décision que l'application prend seule\u00a0: la vérification de l'âge",
      authority: "Te plaindre auprès d'une autorité de protection des données",
      young: 'Si tu es jeune, et pour les parents',
      changes: 'Quand cette page change',
    },
    says: {
      required: [/mois et ton année de naissance et ton pays\u00a0: la loi dit/, /Une demande de rappel demande un nom et un numéro/],
      why: [
        /Ton compte .*un contrat \(art\. 6, paragraphe 1, point b\)/,
        /Ton cours, le parcours de 7 jours, tes réponses aux quiz.*ton consentement explicite \(art\. 9, paragraphe 2, point a\)/,
        /Les demandes de rappel\u00a0: .*santé.*art\. 9, paragraphe 2, point a/,
        /Les candidatures WatchMoms\u00a0: .*art\. 9, paragraphe 2, point a/,
        /Le journal d'audit et le journal des e-mails\u00a0: .*intérêt légitime .*art\. 6, paragraphe 1, point f/,
        /l'accord d'un parent\u00a0: .*une obligation légale \(art\. 6, paragraphe 1, point c/,
      ],
      'who-sees': [
        /celle qui envoie nos e-mails \(le fournisseur SMTP\)/,
        /Les entreprises qu'on utilise\u00a0: Hosting: Example Cloud GmbH/,
      ],
      transfers: [/décision d'adéquation/, /clauses de contrat types/],
      'how-long': [
        /jusqu'à ce que tu le supprimes\. On ne supprime pas un compte parce que tu ne viens plus/,
        /Tes accords .*tant que ton compte existe/,
        /effacés 45 jours après la clôture de la demande/,
        /Les candidatures refusées\u00a0: supprimées 180 jours/,
        /Les candidatures acceptées\u00a0: une candidature WatchMoms/,
        /Le journal des e-mails\u00a0: chaque e-mail est supprimé 90 jours/,
        /notre copie perd ses liens secrets/,
        /Le journal d'audit\u00a0: chaque ligne est supprimée 2 ans/,
        /supprimés au bout de 30 jours si aucun parent/,
      ],
      rights: [
        /^Droit d'accès/,
        /^Droit de rectification/,
        /^Droit à l'effacement/,
        /^Droit à la limitation/,
        /^Droit d'opposition/,
        /^Droit à la portabilité/,
      ],
      withdraw: [/Si tu veux garder ton compte, écris à privacy@example\.org/, /Ton compte ne garde que ton nom/],
      automated: [
        /l'application décide elle-même, à partir de ton mois et de ton année de naissance et de ton pays, si un parent doit d'abord donner son accord/,
        /Une personne de l'équipe la regarde à nouveau/,
      ],
    },
    authorities: [
      "CNIL (Commission nationale de l'informatique et des libertés)",
      "Information Commissioner's Office (ICO)",
      'Autorité de protection des données (APD)',
      'Préposé fédéral à la protection des données et à la transparence (PFPDT)',
    ],
    edpb: 'La liste des autorités (CEPD)',
    controllerLabel: 'Qui est responsable',
    notSet: 'pas encore indiqué',
    placeholder: /Cette copie de l'application est une installation d'essai/,
  },
} as const;

const section = (id: string) => document.getElementById(id)!;

describe('the privacy notice answers GDPR Art. 13 in both languages', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`has every part, with what each part must say (${lang})`, async () => {
      const want = expected[lang];
      await i18n.changeLanguage(lang);
      stubApi()
        .on('GET', '/api/config', { json: config() })
        .on('GET', '/api/auth/user', { status: 401, json: { code: 'UNAUTHENTICATED', message: 'Sign in' } });
      renderWithApp(<PrivacyPage />);
      await screen.findByRole('heading', { level: 1 });
      expect(Object.keys(want.headings)).toEqual([...PRIVACY_SECTIONS]);
      for (const id of PRIVACY_SECTIONS) {
        expect(within(section(id)).getByRole('heading', { level: 2, name: want.headings[id] }), id).toBeInTheDocument();
        // Every part is listed in the table of contents too.
        expect(screen.getByRole('link', { name: want.headings[id] })).toHaveAttribute('href', `#${id}`);
      }
      // Art. 13(1)(a): the controller, from the configuration.
      expect(await within(section('who')).findByText('G.O.D Discipleship Movement (association loi 1901)')).toBeInTheDocument();
      expect(screen.getByTestId('privacy-controller')).toHaveAttribute('aria-label', want.controllerLabel);
      expect(within(section('who')).getByText('12 rue de la Paix, 75002 Paris, France')).toBeInTheDocument();
      expect(within(section('who')).getByRole('link', { name: 'privacy@example.org' })).toHaveAttribute(
        'href',
        'mailto:privacy@example.org',
      );
      expect(screen.queryByTestId('privacy-placeholder')).toBeNull();
      for (const [id, patterns] of Object.entries(want.says)) {
        const text = [...section(id).querySelectorAll('p, li')].map((el) => el.textContent ?? '');
        for (const pattern of patterns)
          expect(
            text.some((t) => pattern.test(t)),
            `${id}: ${pattern}`,
          ).toBe(true);
      }
      // Art. 13(2)(d): the authorities, with their own addresses, and the EDPB's list for the rest.
      const authorities = within(section('authority'));
      for (const name of want.authorities)
        expect(authorities.getByRole('link', { name })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
      expect(authorities.getByRole('link', { name: want.edpb })).toHaveAttribute('href', EDPB_MEMBERS_URL[lang]);
    });

    it(`says plainly when the controller is not set yet (${lang})`, async () => {
      const want = expected[lang];
      await i18n.changeLanguage(lang);
      stubApi()
        .on('GET', '/api/config', {
          json: config({ controller: { name: null, address: null }, processors: null, isControllerPlaceholder: true }),
        })
        .on('GET', '/api/auth/user', { status: 401, json: { code: 'UNAUTHENTICATED', message: 'Sign in' } });
      renderWithApp(<PrivacyPage />);
      expect(await screen.findByTestId('privacy-placeholder')).toHaveTextContent(want.placeholder);
      expect(within(section('who')).getAllByText(want.notSet)).toHaveLength(2);
    });
  }

  it("puts a signed-in person's own country's authority first", async () => {
    stubApi()
      .on('GET', '/api/config', { json: config() })
      .on('GET', '/api/auth/user', { json: buildCurrentUser({ country: 'GB' }) });
    renderWithApp(<PrivacyPage />);
    const list = await screen.findByTestId('privacy-authorities');
    await within(list).findByText('your country');
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: "Information Commissioner's Office (ICO)" })).toBeInTheDocument();
    expect(within(first).getByText('your country')).toBeInTheDocument();
  });
});
