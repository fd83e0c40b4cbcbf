import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MemberEvents } from '../../platform/realtime/member-events.ts';
import { escapeHtml } from '../../platform/http/escape-html.ts';

/** What the platform tells a member about their money on its own (not an operator's send). */
export type NoticeKind =
  'withdrawApproved' | 'withdrawPaid' | 'withdrawRejected' | 'depositCredited' | 'depositRejected';

export interface NoticeParams {
  /** The order's number as the member sees it (WD00000012, D251123…). */
  orderNo: string;
  /** The amount as shown: symbol and figure, e.g. "$1,234.50". */
  amount: string;
  /** The operator's reason, when there is one (rejections). */
  reason?: string;
}

type Template = { subject: string; body: string; reason: string };
type Catalogue = Record<NoticeKind, Template>;

/**
 * The notices in every offered language (the member's own language, else English). `{{orderNo}}`,
 * `{{amount}}` and `{{reason}}` are filled in, HTML-escaped; `reason` is the sentence carrying the
 * operator's reason, left out when there is none.
 */
export const noticeCatalogues: Record<string, Catalogue> = {
  en: {
    withdrawApproved: {
      subject: 'Withdrawal approved',
      body: 'Your withdrawal {{orderNo}} of {{amount}} has been approved and is on its way to your bank account.',
      reason: '',
    },
    withdrawPaid: {
      subject: 'Withdrawal paid out',
      body: 'Your withdrawal {{orderNo}} of {{amount}} has been paid to your bank account. Please confirm on the Withdraw page whether it arrived.',
      reason: '',
    },
    withdrawRejected: {
      subject: 'Withdrawal rejected',
      body: 'Your withdrawal {{orderNo}} of {{amount}} was rejected and the amount is back in your main wallet.',
      reason: 'Reason: {{reason}}',
    },
    depositCredited: {
      subject: 'Deposit credited',
      body: 'Your deposit {{orderNo}} of {{amount}} has been credited to your main wallet.',
      reason: '',
    },
    depositRejected: {
      subject: 'Deposit rejected',
      body: 'Your deposit {{orderNo}} of {{amount}} was rejected; nothing was credited.',
      reason: 'Reason: {{reason}}',
    },
  },
  'zh-CN': {
    withdrawApproved: {
      subject: '提款已批准',
      body: '您的提款 {{orderNo}}（{{amount}}）已批准，正在转入您的银行账户。',
      reason: '',
    },
    withdrawPaid: {
      subject: '提款已出款',
      body: '您的提款 {{orderNo}}（{{amount}}）已汇入您的银行账户。请在提款页面确认是否到账。',
      reason: '',
    },
    withdrawRejected: {
      subject: '提款被拒绝',
      body: '您的提款 {{orderNo}}（{{amount}}）被拒绝，款项已退回您的主钱包。',
      reason: '原因：{{reason}}',
    },
    depositCredited: {
      subject: '存款已到账',
      body: '您的存款 {{orderNo}}（{{amount}}）已存入您的主钱包。',
      reason: '',
    },
    depositRejected: {
      subject: '存款被拒绝',
      body: '您的存款 {{orderNo}}（{{amount}}）被拒绝，未入账任何款项。',
      reason: '原因：{{reason}}',
    },
  },
  'zh-TW': {
    withdrawApproved: {
      subject: '提款已核准',
      body: '您的提款 {{orderNo}}（{{amount}}）已核准，正在轉入您的銀行帳戶。',
      reason: '',
    },
    withdrawPaid: {
      subject: '提款已出款',
      body: '您的提款 {{orderNo}}（{{amount}}）已匯入您的銀行帳戶。請在提款頁面確認是否到帳。',
      reason: '',
    },
    withdrawRejected: {
      subject: '提款被拒絕',
      body: '您的提款 {{orderNo}}（{{amount}}）被拒絕，款項已退回您的主錢包。',
      reason: '原因：{{reason}}',
    },
    depositCredited: {
      subject: '存款已入帳',
      body: '您的存款 {{orderNo}}（{{amount}}）已存入您的主錢包。',
      reason: '',
    },
    depositRejected: {
      subject: '存款被拒絕',
      body: '您的存款 {{orderNo}}（{{amount}}）被拒絕，未入帳任何款項。',
      reason: '原因：{{reason}}',
    },
  },
  ja: {
    withdrawApproved: {
      subject: '出金が承認されました',
      body: '出金 {{orderNo}}（{{amount}}）が承認され、お客様の銀行口座へ送金中です。',
      reason: '',
    },
    withdrawPaid: {
      subject: '出金が送金されました',
      body: '出金 {{orderNo}}（{{amount}}）をお客様の銀行口座へ送金しました。出金ページで着金をご確認ください。',
      reason: '',
    },
    withdrawRejected: {
      subject: '出金が却下されました',
      body: '出金 {{orderNo}}（{{amount}}）は却下され、金額はメインウォレットに戻りました。',
      reason: '理由：{{reason}}',
    },
    depositCredited: {
      subject: '入金が反映されました',
      body: '入金 {{orderNo}}（{{amount}}）がメインウォレットに反映されました。',
      reason: '',
    },
    depositRejected: {
      subject: '入金が却下されました',
      body: '入金 {{orderNo}}（{{amount}}）は却下され、反映されていません。',
      reason: '理由：{{reason}}',
    },
  },
  th: {
    withdrawApproved: {
      subject: 'อนุมัติการถอนเงินแล้ว',
      body: 'การถอนเงิน {{orderNo}} จำนวน {{amount}} ได้รับการอนุมัติแล้วและกำลังโอนเข้าบัญชีธนาคารของคุณ',
      reason: '',
    },
    withdrawPaid: {
      subject: 'โอนเงินถอนแล้ว',
      body: 'การถอนเงิน {{orderNo}} จำนวน {{amount}} ได้โอนเข้าบัญชีธนาคารของคุณแล้ว โปรดยืนยันในหน้าถอนเงินว่าได้รับเงินหรือไม่',
      reason: '',
    },
    withdrawRejected: {
      subject: 'การถอนเงินถูกปฏิเสธ',
      body: 'การถอนเงิน {{orderNo}} จำนวน {{amount}} ถูกปฏิเสธ และยอดเงินได้คืนเข้ากระเป๋าหลักของคุณแล้ว',
      reason: 'เหตุผล: {{reason}}',
    },
    depositCredited: {
      subject: 'เงินฝากเข้าแล้ว',
      body: 'เงินฝาก {{orderNo}} จำนวน {{amount}} ได้เข้ากระเป๋าหลักของคุณแล้ว',
      reason: '',
    },
    depositRejected: {
      subject: 'การฝากเงินถูกปฏิเสธ',
      body: 'การฝากเงิน {{orderNo}} จำนวน {{amount}} ถูกปฏิเสธ ไม่มีการเติมเงินเข้าบัญชี',
      reason: 'เหตุผล: {{reason}}',
    },
  },
  vi: {
    withdrawApproved: {
      subject: 'Lệnh rút tiền đã được duyệt',
      body: 'Lệnh rút tiền {{orderNo}} số tiền {{amount}} đã được duyệt và đang được chuyển vào tài khoản ngân hàng của bạn.',
      reason: '',
    },
    withdrawPaid: {
      subject: 'Đã chi trả lệnh rút tiền',
      body: 'Lệnh rút tiền {{orderNo}} số tiền {{amount}} đã được chuyển vào tài khoản ngân hàng của bạn. Vui lòng xác nhận trên trang Rút tiền xem đã nhận được chưa.',
      reason: '',
    },
    withdrawRejected: {
      subject: 'Lệnh rút tiền bị từ chối',
      body: 'Lệnh rút tiền {{orderNo}} số tiền {{amount}} đã bị từ chối và số tiền đã được hoàn về ví chính của bạn.',
      reason: 'Lý do: {{reason}}',
    },
    depositCredited: {
      subject: 'Đã cộng tiền nạp',
      body: 'Khoản nạp {{orderNo}} số tiền {{amount}} đã được cộng vào ví chính của bạn.',
      reason: '',
    },
    depositRejected: {
      subject: 'Khoản nạp bị từ chối',
      body: 'Khoản nạp {{orderNo}} số tiền {{amount}} đã bị từ chối; không có tiền nào được cộng.',
      reason: 'Lý do: {{reason}}',
    },
  },
  pt: {
    withdrawApproved: {
      subject: 'Saque aprovado',
      body: 'O seu saque {{orderNo}} de {{amount}} foi aprovado e está a caminho da sua conta bancária.',
      reason: '',
    },
    withdrawPaid: {
      subject: 'Saque pago',
      body: 'O seu saque {{orderNo}} de {{amount}} foi pago na sua conta bancária. Confirme na página de Saque se o valor chegou.',
      reason: '',
    },
    withdrawRejected: {
      subject: 'Saque recusado',
      body: 'O seu saque {{orderNo}} de {{amount}} foi recusado e o valor voltou para a sua carteira principal.',
      reason: 'Motivo: {{reason}}',
    },
    depositCredited: {
      subject: 'Depósito creditado',
      body: 'O seu depósito {{orderNo}} de {{amount}} foi creditado na sua carteira principal.',
      reason: '',
    },
    depositRejected: {
      subject: 'Depósito recusado',
      body: 'O seu depósito {{orderNo}} de {{amount}} foi recusado; nada foi creditado.',
      reason: 'Motivo: {{reason}}',
    },
  },
  my: {
    withdrawApproved: {
      subject: 'ငွေထုတ်ယူမှု အတည်ပြုပြီး',
      body: 'သင်၏ ငွေထုတ်ယူမှု {{orderNo}} ({{amount}}) ကို အတည်ပြုပြီး သင့်ဘဏ်အကောင့်သို့ လွှဲပြောင်းနေပါသည်။',
      reason: '',
    },
    withdrawPaid: {
      subject: 'ငွေထုတ်ယူမှု ပေးချေပြီး',
      body: 'သင်၏ ငွေထုတ်ယူမှု {{orderNo}} ({{amount}}) ကို သင့်ဘဏ်အကောင့်သို့ ပေးချေပြီးပါပြီ။ ငွေရောက်မရောက် ငွေထုတ်စာမျက်နှာတွင် အတည်ပြုပေးပါ။',
      reason: '',
    },
    withdrawRejected: {
      subject: 'ငွေထုတ်ယူမှု ငြင်းပယ်ခံရသည်',
      body: 'သင်၏ ငွေထုတ်ယူမှု {{orderNo}} ({{amount}}) ကို ငြင်းပယ်ခဲ့ပြီး ငွေပမာဏကို သင့်ပင်မပိုက်ဆံအိတ်သို့ ပြန်ထည့်ပြီးပါပြီ။',
      reason: 'အကြောင်းရင်း- {{reason}}',
    },
    depositCredited: {
      subject: 'ငွေသွင်းမှု ရောက်ရှိပြီး',
      body: 'သင်၏ ငွေသွင်းမှု {{orderNo}} ({{amount}}) ကို သင့်ပင်မပိုက်ဆံအိတ်ထဲသို့ ထည့်ပြီးပါပြီ။',
      reason: '',
    },
    depositRejected: {
      subject: 'ငွေသွင်းမှု ငြင်းပယ်ခံရသည်',
      body: 'သင်၏ ငွေသွင်းမှု {{orderNo}} ({{amount}}) ကို ငြင်းပယ်ခဲ့ပြီး မည်သည့်ငွေမျှ မထည့်ပါ။',
      reason: 'အကြောင်းရင်း- {{reason}}',
    },
  },
};

/** "$1,234.50": an amount in minor units as a notice shows it. */
export function noticeAmount(minor: number, currency: { symbol: string; precision: number }): string {
  const figure = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: currency.precision,
    maximumFractionDigits: currency.precision,
  }).format(minor / 10 ** currency.precision);
  return `${currency.symbol}${figure}`;
}

function fill(text: string, params: NoticeParams): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: keyof NoticeParams) => escapeHtml(params[name] ?? ''));
}

/** Subject (plain text) and body (HTML) of a notice in `language`, English when it has none. */
export function renderNotice(
  language: string,
  kind: NoticeKind,
  params: NoticeParams,
): { subject: string; body: string } {
  const t = (noticeCatalogues[language] ?? noticeCatalogues.en!)[kind];
  const reason = params.reason?.trim();
  const paragraphs = [fill(t.body, params)];
  if (reason && t.reason) paragraphs.push(fill(t.reason, { ...params, reason }));
  return { subject: t.subject, body: paragraphs.map((p) => `<p>${p}</p>`).join('') };
}

/**
 * The platform's own messages to a member about their money: written to the member's inbox in the
 * member's language inside the caller's transaction (so a rolled-back step sends nothing, and a
 * step that happens once sends once), and announced on the live stream when it commits (MB-14).
 */
export class MemberNotices {
  /** The live stream's events; a getter, as the composition root builds them after the money services. */
  private readonly events: () => MemberEvents;

  constructor(events: () => MemberEvents) {
    this.events = events;
  }

  async send(trx: Kysely<DB>, memberId: number, kind: NoticeKind, params: NoticeParams): Promise<void> {
    const member = await trx
      .selectFrom('member')
      .select('language')
      .where('id', '=', memberId)
      .executeTakeFirst();
    const { subject, body } = renderNotice(member?.language ?? 'en', kind, params);
    await trx
      .insertInto('member_message')
      .values({ member_id: memberId, title: subject, content: body, send_id: null })
      .execute();
    await this.events().notify(trx, 'unread', [memberId]);
  }
}
