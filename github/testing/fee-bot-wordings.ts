/**
 * The registry fee bot's comments in each shape it has used over the years, and the copies strangers post
 * to take the payment. Modelled on public pull requests and issues of the registry (structure and key
 * phrases as the bot writes them, surrounding text paraphrased); every address is made up and passes the
 * app's checks (bech32 `bnb1…` with a valid checksum, EIP-55 `0x…`), so no test ever shows a real one.
 * QR links point at an example host.
 */
import type { FeeRequest } from '../../domain/fee-request';

/** Made-up addresses: the "registry's" (as the bot would state them) and the strangers'. */
export const ADDRESSES = {
  registryBep2Old: 'bnb1nzw542m4vy8lq7xgma3yapqurdf7mzr7dgdpse',
  registryBep2: 'bnb1j05t9dn2cnaf92e7ckmr80mc9ztjtrqr94m8ew',
  registryBep20: '0x4A403750eE361Cf664742E8f59d48DEB7503C8e4',
  registryBep20New: '0xaA71768FB95cbA4f1AbaB18486d31C89Cb54BE63',
  strangerBep2: 'bnb1jqdykh723r2546kstzpfwvgs39ldarm0szwvhe',
  strangerBep20: '0x52359e3A8B116BD759c33bf0EA9FBa0325C557e7',
} as const;

const qr = (data: string) => `https://qr.example/create?size=200x200&data=${encodeURIComponent(data)}`;

export interface BotWording {
  readonly id: string;
  /** Where the shape was seen (the registry's pull request or issue numbers) and when. */
  readonly source: string;
  /** The comment as the bot writes it on pull request `pr`, opened by `login`. */
  readonly body: (pr: number, login: string) => string;
  /** What the parser must read from it on pull request 4242 (memo: the number). */
  readonly expected: Omit<FeeRequest, 'memo'> & { readonly memo: 'pr' | null };
}

/** The first request, 2020 (registry PR 2432; PR 1876 era): BEP2 with memo, 2000 TWT or 1 BNB. */
const bep2First2020: BotWording = {
  id: 'bep2-first-2020',
  source: 'trustwallet/assets PR 2432 (2020-06); PR 1876 (2020-04)',
  body: (pr) =>
    [
      'Hi! To make up for the work of processing pull requests, we ask for a contribution.',
      'See the [Pull Request Fee FAQ](https://developer.example/assets/pr-fee).',
      '',
      `Please pay **2000 TWT** with the memo **${pr}** to the address \`${ADDRESSES.registryBep2Old}\`.`,
      'Alternatively, 1 BNB is also accepted (same memo & address).',
      '',
      `**QR** code: [Trust](${qr(`${ADDRESSES.registryBep2Old}?amount=2000&memo=${pr}`)}) | [other wallet](${qr(ADDRESSES.registryBep2Old)})`,
      '',
      '_Notes_:',
      '* Payment is evaluated when there is activity on the pull request: write a comment once you have paid.',
      '* When the payment is detected, an Accept Review is placed on the pull request automatically; merging is still done by hand.',
    ].join('\n'),
  expected: {
    amount: '2000',
    currency: 'TWT',
    alternative: { amount: '1', currency: 'BNB' },
    address: ADDRESSES.registryBep2Old,
    network: 'bep2',
    memo: 'pr',
    reminder: false,
  },
};

/** The first request, 2021 (registry PR 15667): "no refund" warning, 1000 TWT or 5 BNB, BEP2 with memo. */
const bep2First2021: BotWording = {
  id: 'bep2-first-2021',
  source: 'trustwallet/assets PR 15667 (2021-11)',
  body: (pr) =>
    [
      'Hi! To make up for the work of processing pull requests, we ask for a contribution.',
      '💀 As **there is no refund**, before **paying the fee**, make sure **new tokens meet the circulation and other acceptance criteria**.',
      'See also the PR Fee FAQ.',
      '',
      `Please pay **1000 TWT** with the memo **${pr}** to the address \`${ADDRESSES.registryBep2}\`.`,
      'Alternatively, 5 BNB is also accepted (same memo & address).',
      '',
      `**QR** code: [Trust](${qr(`${ADDRESSES.registryBep2}?amount=1000&memo=${pr}`)}) | [other wallet](${qr(ADDRESSES.registryBep2)})`,
    ].join('\n'),
  expected: {
    amount: '1000',
    currency: 'TWT',
    alternative: { amount: '5', currency: 'BNB' },
    address: ADDRESSES.registryBep2,
    network: 'bep2',
    memo: 'pr',
    reminder: false,
  },
};

/** A reminder, 2022–2024 (registry PR 21474 → issue 21515, PR 20845, PR 27116 → issue 27119, PR 27514): BEP2 with memo. */
const bep2Reminder: BotWording = {
  id: 'bep2-reminder-2022',
  source: 'trustwallet/assets PR 21474 (2022-07, 700 TWT), PR 27116 and PR 27514 (2024, 500 TWT); copied into issues 21515, 27119',
  body: (pr, login) =>
    [
      `@${login}, kind reminder:  please pay fee:  **700 TWT**  with the memo **${pr}**  to the address \`${ADDRESSES.registryBep2}\`.`,
      ' Alternatively, 5 BNB is also accepted (same memo & address).',
      '',
      ` **QR** code: [Trust]( ${qr(`${ADDRESSES.registryBep2}?amount=700&memo=${pr}`)} ) | [other wallet]( ${qr(ADDRESSES.registryBep2)} )`,
      ' See the [Pull Request Fee FAQ](https://developer.example/assets/faq).',
    ].join('\n'),
  expected: {
    amount: '700',
    currency: 'TWT',
    alternative: { amount: '5', currency: 'BNB' },
    address: ADDRESSES.registryBep2,
    network: 'bep2',
    memo: 'pr',
    reminder: true,
  },
};

/** The first request, 2024–2025 (registry PRs 29665, 29938): BEP20, no memo, 500 TWT or 2.5 BNB. */
const bep20First: BotWording = {
  id: 'bep20-first-2024',
  source: 'trustwallet/assets PR 29665 and PR 29938 (2024-12)',
  body: () =>
    [
      'Hi! To make up for the work of processing pull requests, we ask for a contribution.',
      '💀 As **there is no refund**, before **paying the fee**, make sure new tokens meet the acceptance criteria.',
      'See also the PR Fee FAQ.',
      '',
      `Please pay **500 TWT** to the BEP20 (Binance Smartchain) address \`${ADDRESSES.registryBep20}\`.`,
      'Alternatively, 2.5 BNB is also accepted (same address).',
      '',
      `**QR** code: [Trust](${qr(`${ADDRESSES.registryBep20}?amount=500`)}) | [other wallet](${qr(ADDRESSES.registryBep20)})`,
      '',
      '_Notes_:',
      '* One pull request per project; pull requests with more than 10 logos are rejected.',
      '* Payment is evaluated automatically, a few minutes later. When it is detected, an Accept Review is placed on the pull request automatically, which merging needs.',
      '* The pull request is evaluated by hand and merged only if all conditions are met.',
    ].join('\n'),
  expected: {
    amount: '500',
    currency: 'TWT',
    alternative: { amount: '2.5', currency: 'BNB' },
    address: ADDRESSES.registryBep20,
    network: 'bep20',
    memo: null,
    reminder: false,
  },
};

/** A reminder, 2024–2025 (registry PR 32585; PRs 29176, 29272, 30403): BEP20, the network not named, no memo. */
const bep20Reminder: BotWording = {
  id: 'bep20-reminder-2025',
  source: 'trustwallet/assets PR 32585 (2025-07); PRs 29176, 29272 (2024), 30403 (2025)',
  body: (_pr, login) =>
    [
      `@${login}, kind reminder:  please pay fee:  **500 TWT** to the address \`${ADDRESSES.registryBep20New}\`.`,
      ' Alternatively, 2.5 BNB is also accepted (same address).',
      '',
      ` **QR** code: [Trust]( ${qr(`${ADDRESSES.registryBep20New}?amount=500`)} ) | [other wallet]( ${qr(ADDRESSES.registryBep20New)} )`,
      ' See the [Pull Request Fee FAQ](https://developer.example/assets/faq).',
    ].join('\n'),
  expected: {
    amount: '500',
    currency: 'TWT',
    alternative: { amount: '2.5', currency: 'BNB' },
    address: ADDRESSES.registryBep20New,
    network: 'bep20',
    memo: null,
    reminder: true,
  },
};

export const BOT_WORDINGS: readonly BotWording[] = [bep2First2020, bep2First2021, bep2Reminder, bep20First, bep20Reminder];

export interface Impersonation {
  readonly id: string;
  readonly source: string;
  readonly author: string;
  readonly authorType: 'User' | 'Bot';
  /** The trust the app must give it. */
  readonly trust: 'look-alike' | 'other';
  readonly body: (pr: number, login: string) => string;
  /** The address it wants paid, as the warning must show it. */
  readonly address: string;
}

export const IMPERSONATIONS: readonly Impersonation[] = [
  {
    // Issues 19804 and 19869: another account posts the bot's request with its own address and memo.
    id: 'look-alike-login',
    source: 'trustwallet/assets issues 19804, 19869',
    author: 'merge-fee-bot',
    authorType: 'User',
    trust: 'look-alike',
    address: ADDRESSES.strangerBep2,
    body: (_pr, login) =>
      [
        `@${login}, kind reminder:  please pay fee:  **500 TWT**  with the memo **778812**  to the address \`${ADDRESSES.strangerBep2}\`.`,
        ' Alternatively, 2.5 BNB is also accepted (same memo & address).',
      ].join('\n'),
  },
  {
    // Issue 29188: the bot's BEP20 reminder copied by a person, the visible address swapped, the QR left pointing elsewhere.
    id: 'copied-reminder',
    source: 'trustwallet/assets issue 29188 (2024-09); issues 25995, 27119 copy BEP2 reminders the same way',
    author: 'helpful-reviewer-42',
    authorType: 'User',
    trust: 'other',
    address: ADDRESSES.strangerBep20,
    body: (pr, login) =>
      [
        `@${login}, kind reminder:  please pay fee:  **500 TWT** to the address \`${ADDRESSES.strangerBep20}\`.`,
        ' Alternatively, 2.5 BNB is also accepted (same address).',
        '',
        ` **QR** code: [Trust]( ${qr(`${ADDRESSES.registryBep20New}?amount=500`)} )`,
        '',
        `_Originally posted by @merge-fee-bot in https://github.example/trustwallet/assets/pull/${pr}_`,
      ].join('\n'),
  },
  {
    // Another App account (type Bot) is not the registry's bot either.
    id: 'other-bot',
    source: 'any other bot account; the rule is the login and the type together',
    author: 'fee-helper[bot]',
    authorType: 'Bot',
    trust: 'other',
    address: ADDRESSES.strangerBep20,
    body: () => `Fee can also be paid faster: send 500 TWT to ${ADDRESSES.strangerBep20} and reply here.`,
  },
];
