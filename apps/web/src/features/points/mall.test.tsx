import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import pagesEn from '../../locales/pages/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { PointMall } from './mall.tsx';

const config = {
  enabled: true,
  ratio: 100,
  minConvert: 100,
  currency: 'VND',
  rates: [{ product: 'LIVE', type: 'LIVE', rate: 0.7 }],
};
const goods = [
  { id: 1, name: 'Lotus mug', image: '', quantity: 10, points: 50, amount: 0, available: 4 },
  { id: 2, name: 'Golden watch', image: '', quantity: 2, points: 5000, amount: 1000, available: 2 },
  { id: 3, name: 'Silk scarf', image: '', quantity: 5, points: 20, amount: 0, available: 0 },
];
const record = (id: number, status: string, remark = '') => ({
  id,
  referenceNo: `PR${String(id).padStart(8, '0')}`,
  applyTime: 1_764_000_000_000 + id,
  type: 'GOODS',
  goodsName: 'Lotus mug',
  quantity: 1,
  status,
  changedPoints: -50,
  pointsBalance: 1234.5 - id,
  amount: 0,
  remark,
});
const page = <T,>(content: T[]) => ({
  content,
  page: 1,
  size: 10,
  totalElements: content.length,
  totalPages: 1,
});

const common = {
  '/wps/system/status': () => systemStatus(),
  '/wps/relay/MCSFE_getPointBalance': () => ({ points: 1234.5 }),
  '/wps/relay/MCSFE_getPointConfig': () => config,
  '/wps/relay/MCSFE_getPointReward': () => ({ list: goods }),
};

describe('points mall page', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'pages', pagesEn);
  });

  it('PM-01, PM-02: shows the current points and the ratio, and each item with its points and amount requirements, quantity and available; sold out and unaffordable items cannot be redeemed', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    stubFetch(common);
    renderShell(<PointMall />);
    expect(await screen.findByTestId('points-balance')).toHaveTextContent('1,234.50');
    expect(await screen.findByTestId('points-ratio')).toHaveTextContent('100.00 points = 1 VND');
    const items = await screen.findAllByTestId('points-goods-item');
    expect(items).toHaveLength(3);
    const mug = within(items[0]!);
    expect(mug.getByText('Lotus mug')).toBeVisible();
    expect(items[0]).toHaveTextContent('50.00');
    expect(mug.getByTestId('points-goods-available')).toHaveTextContent('4');
    expect(items[0]).toHaveTextContent(`${pagesEn.points_quantity}10`);
    expect(mug.getByTestId('points-redeem-open')).toBeEnabled();
    // The watch needs more points than the member holds, and 1,000.00 of deposits.
    expect(items[1]).toHaveTextContent(`${pagesEn.points_amount_req}1,000.00`);
    expect(within(items[1]!).getByTestId('points-redeem-open')).toBeDisabled();
    expect(within(items[1]!).getByTestId('points-redeem-open')).toHaveTextContent(pagesEn.points_short);
    expect(within(items[2]!).getByTestId('points-redeem-open')).toBeDisabled();
    expect(within(items[2]!).getByTestId('points-redeem-open')).toHaveTextContent(pagesEn.points_sold_out);
    // The redeem dialog asks for the quantity and the payment password.
    fireEvent.click(mug.getByTestId('points-redeem-open'));
    expect(await screen.findByTestId('points-redeem-form')).toBeVisible();
    expect(screen.getByTestId('points-redeem-submit')).toBeDisabled();
    fireEvent.change(screen.getByTestId('points-password'), { target: { value: '135790' } });
    expect(screen.getByTestId('points-redeem-submit')).toBeEnabled();
  });

  it('PM-03, PM-04: the redeem history lists reference, apply time, type, status (in process, approved, rejected), changed points, balance and remark', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    stubFetch({
      ...common,
      '/wps/relay/MCSFE_getRedeemPointList': () =>
        page([record(3, 'PROCESS'), record(2, 'APPROVED', 'shipped'), record(1, 'REJECTED', 'out of stock')]),
    });
    renderShell(<PointMall />);
    fireEvent.click(await screen.findByRole('tab', { name: pagesEn.points_tab_history }));
    const rows = await screen.findAllByTestId('points-history-row');
    expect(rows.map((r) => within(r).getByTestId('points-history-status').textContent)).toEqual([
      pagesEn.points_status_process,
      pagesEn.points_status_approved,
      pagesEn.points_status_rejected,
    ]);
    expect(rows[0]).toHaveTextContent('PR00000003');
    expect(rows[0]).toHaveTextContent('Lotus mug ×1');
    expect(rows[0]).toHaveTextContent('-50.00');
    expect(rows[0]).toHaveTextContent('1,231.50');
    expect(rows[1]).toHaveTextContent('shipped');
    for (const col of ['ref', 'time', 'type', 'status', 'changed', 'balance', 'remark'] as const)
      expect(screen.getByRole('columnheader', { name: pagesEn[`points_col_${col}`] })).toBeVisible();
  });

  it('PM-05, PM-06: the points details filter by each type (live, lottery, PVP, slots, sports, redeem, deposit); an empty list says so, a failure offers a retry', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    let fail = false;
    const { requests } = stubFetch({
      ...common,
      '/wps/relay/ODSFE2_MemTransDet': (url) =>
        fail
          ? new Response(JSON.stringify({ success: false, errorCode: 'system.error', message: 'down' }), {
              status: 500,
            })
          : url.searchParams.get('type') === 'DEPOSIT'
            ? page([])
            : page([
                { id: 9, type: 'LIVE', changedPoints: 12.3, pointsBalance: 1234.5, time: 1_764_000_000_000 },
              ]),
    });
    renderShell(<PointMall />);
    fireEvent.click(await screen.findByRole('tab', { name: pagesEn.points_tab_details }));
    expect(await screen.findByTestId('points-details')).toHaveTextContent('+12.30');
    for (const type of ['LIVE', 'LOTTERY', 'PVP', 'SLOTS', 'SPORTS', 'REDEEM', 'DEPOSIT'])
      expect(screen.getByTestId(`points-type-${type}`)).toBeVisible();
    fireEvent.click(screen.getByTestId('points-type-DEPOSIT'));
    expect(await screen.findByText(pagesEn.points_details_empty)).toBeVisible();
    expect(
      requests.some(
        (r) =>
          r.url.pathname === '/wps/relay/ODSFE2_MemTransDet' && r.url.searchParams.get('type') === 'DEPOSIT',
      ),
    ).toBe(true);
    fail = true;
    fireEvent.click(screen.getByTestId('points-type-PVP'));
    expect(await screen.findByRole('alert')).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /retry/i }));
    await waitFor(() => expect(screen.getByTestId('points-details')).toBeVisible());
  });

  it('the convert dialog shows what the points are worth at the ratio and asks for the payment password; fewer than the smallest conversion is refused before sending', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    stubFetch(common);
    renderShell(<PointMall />);
    await screen.findByTestId('points-balance');
    fireEvent.click(await screen.findByTestId('points-convert-open'));
    const form = await screen.findByTestId('points-convert-form');
    const input = within(form).getByTestId('points-convert-points');
    fireEvent.change(input, { target: { value: '250.55' } });
    // 250.55 points at 100 points a unit: 2.50 (rounded down to the currency's unit).
    expect(within(form).getByTestId('points-convert-worth')).toHaveTextContent('2.50 VND');
    fireEvent.change(within(form).getByTestId('points-password'), { target: { value: '135790' } });
    expect(within(form).getByTestId('points-convert-submit')).toBeEnabled();
    fireEvent.change(input, { target: { value: '50' } });
    expect(within(form).getByTestId('points-convert-submit')).toBeDisabled();
    expect(within(form).getByTestId('points-convert-worth')).toHaveTextContent('0.00 VND');
    fireEvent.change(input, { target: { value: '5000' } });
    expect(within(form).getByTestId('points-convert-submit')).toBeDisabled();
  });

  it('an empty mall says so', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    stubFetch({ ...common, '/wps/relay/MCSFE_getPointReward': () => ({ list: [] }) });
    renderShell(<PointMall />);
    expect(await screen.findByText(pagesEn.points_goods_empty)).toBeVisible();
  });
});
