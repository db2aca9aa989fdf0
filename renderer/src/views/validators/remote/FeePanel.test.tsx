// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEE_BOT_LOGIN, feeOverview, type CommentInput, type StatusInput } from '../../../../../domain/fee-status';
import { FeeOverview } from '../../../../../domain/ipc/github-channels';
import { ADDRESSES, BOT_WORDINGS, IMPERSONATIONS } from '../../../../../github/testing/fee-bot-wordings';
import { FeePanel } from './FeePanel';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PR = 77;
const comment = (author: string, authorType: string, body: string, id = 1): CommentInput => ({
  id,
  author,
  authorType,
  body,
  createdAt: '2025-07-12T10:00:00Z',
  url: `https://github.com/trustwallet/assets/pull/${PR}#issuecomment-${id}`,
});
const wording = (id: string) => BOT_WORDINGS.find((w) => w.id === id)!;
/** The overview as main sends it: derived by the domain, then through the IPC contract. */
function overview(input: Partial<StatusInput>): FeeOverview {
  return FeeOverview.parse(feeOverview({ number: PR, state: 'open', labels: [], reviews: [], comments: [], checks: [], ...input }));
}
const botSays = (id: string) => overview({ comments: [comment(FEE_BOT_LOGIN, 'Bot', wording(id).body(PR, 'octo-operator'))] });

describe('FeePanel', () => {
  it('shows the bot’s BEP2 request: amount, alternative, network, address and memo, each to copy, and "no refund"', () => {
    render(<FeePanel fee={botSays('bep2-first-2021')} state="open" />);
    const card = screen.getByLabelText('The fee the registry’s bot asks');
    expect(within(card).getByText('1000 TWT')).toBeDefined();
    expect(within(card).getByText('5 BNB (same address and memo)')).toBeDefined();
    expect(within(card).getByText('BNB Beacon Chain (BEP2)')).toBeDefined();
    expect(within(card).getByText(ADDRESSES.registryBep2)).toBeDefined();
    expect(within(card).getByText(String(PR))).toBeDefined();
    for (const what of ['the amount (1000)', 'the payment address', 'the memo'])
      expect(within(card).getByRole('button', { name: `Copy ${what}` })).toBeDefined();
    expect(within(card).getByText('No refund.')).toBeDefined();
    expect(screen.getByRole('status', { name: 'Where it stands' }).textContent).toContain('Fee requested by the registry’s bot');
  });

  it('shows the BEP20 request with no memo row, and a reminder as a reminder', () => {
    render(<FeePanel fee={botSays('bep20-reminder-2025')} state="open" />);
    const card = screen.getByLabelText('The fee the registry’s bot asks');
    expect(within(card).getByText('BNB Smart Chain (BEP20)')).toBeDefined();
    expect(within(card).getByText('2.5 BNB (same address)')).toBeDefined();
    expect(within(card).queryByText('Memo')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Copy the memo' })).toBeNull();
    expect(within(card).getByText(/a reminder: it has not seen a payment yet/)).toBeDefined();
  });

  it('copies the address exactly', async () => {
    const user = userEvent.setup();
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<FeePanel fee={botSays('bep20-first-2024')} state="open" />);
    await user.click(screen.getByRole('button', { name: 'Copy the payment address' }));
    expect(write).toHaveBeenCalledWith(ADDRESSES.registryBep20);
  });

  it('never links to a wallet: the only link is the bot’s comment on GitHub', () => {
    const { container } = render(<FeePanel fee={botSays('bep2-first-2020')} state="open" />);
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([`https://github.com/trustwallet/assets/pull/${PR}#issuecomment-1`]);
    expect(container.innerHTML).not.toMatch(/qr\.example|link\.trustwallet|bnb:|ethereum:|wc:/);
  });

  it.each(IMPERSONATIONS.map((i) => [i.id, i] as const))('warns about %s apart from the request, with no copy button', (_id, imp) => {
    const fee = overview({
      comments: [
        comment(FEE_BOT_LOGIN, 'Bot', wording('bep20-first-2024').body(PR, 'octo-operator'), 1),
        comment(imp.author, imp.authorType, imp.body(PR, 'octo-operator'), 2),
      ],
    });
    render(<FeePanel fee={fee} state="open" />);
    const warnings = screen.getByRole('region', { name: 'Not from the registry’s bot: do not pay' });
    const item = within(warnings).getByRole('listitem', { name: `Warning about ${imp.author}` });
    expect(within(item).getByText(imp.address)).toBeDefined();
    expect(within(item).getByText(imp.trust === 'look-alike' ? /Impersonation/ : 'Not the registry’s bot')).toBeDefined();
    expect(within(warnings).queryAllByRole('button')).toEqual([]);
    // The card holds only the bot's address.
    const card = screen.getByLabelText('The fee the registry’s bot asks');
    expect(within(card).queryByText(imp.address)).toBeNull();
  });

  it('with only an impersonation, there is no request to pay at all', () => {
    const imp = IMPERSONATIONS[0]!;
    render(<FeePanel fee={overview({ comments: [comment(imp.author, imp.authorType, imp.body(PR, 'x'))] })} state="open" />);
    expect(screen.queryByLabelText('The fee the registry’s bot asks')).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Copy/ })).toEqual([]);
    expect(screen.getByText(/Waiting for the registry’s bot/)).toBeDefined();
  });

  it('after the payment is detected, says not to pay again and offers nothing to copy', () => {
    const fee = overview({
      comments: [comment(FEE_BOT_LOGIN, 'Bot', wording('bep20-first-2024').body(PR, 'x'))],
      reviews: [{ author: FEE_BOT_LOGIN, authorType: 'Bot', state: 'APPROVED', submittedAt: null }],
      checks: [{ status: 'completed', conclusion: 'success' }],
    });
    render(<FeePanel fee={fee} state="open" />);
    expect(screen.getByRole('status', { name: 'Where it stands' }).textContent).toMatch(/Payment detected.*All checks succeeded\./);
    expect(screen.getByText(/do not pay again/)).toBeDefined();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('a closed pull request: do not pay', () => {
    const fee = overview({ state: 'closed', comments: [comment(FEE_BOT_LOGIN, 'Bot', wording('bep2-first-2020').body(PR, 'x'))] });
    render(<FeePanel fee={fee} state="closed" />);
    expect(screen.getByText(/Closed without merging\. Do not pay/)).toBeDefined();
    expect(screen.queryByLabelText('The fee the registry’s bot asks')).toBeNull();
  });

  it('says so when the bot’s comment cannot be read safely, and when its addresses differ', () => {
    const unreadable = overview({ comments: [comment(FEE_BOT_LOGIN, 'Bot', 'Please pay **500 TWT** to the address `0x12`.')] });
    render(<FeePanel fee={unreadable} state="open" />);
    expect(screen.getByText(/could not read it safely/)).toBeDefined();
    cleanup();
    const differ = overview({
      comments: [
        comment(FEE_BOT_LOGIN, 'Bot', wording('bep20-first-2024').body(PR, 'x'), 1),
        comment(FEE_BOT_LOGIN, 'Bot', wording('bep20-reminder-2025').body(PR, 'x'), 2),
      ],
    });
    render(<FeePanel fee={differ} state="open" />);
    expect(screen.getByText(/named more than one address/)).toBeDefined();
  });
});
