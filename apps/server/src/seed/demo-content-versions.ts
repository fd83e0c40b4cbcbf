/**
 * The demo content in the brand's languages besides English (issue 33, decision 047): Burmese (the
 * brand's default), Simplified Chinese, Thai and Vietnamese versions of the demo notices,
 * promotions, banners, help articles and mall goods, written for players of each market (not word
 * for word). Keyed by the English item (its title, key or name) so they follow demo-content.ts and
 * demo-goods.ts; a key that names no item fails the seed.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export const demoVersionLanguages = ['my', 'zh-CN', 'th', 'vi'] as const;
type Lang = (typeof demoVersionLanguages)[number];
type Text = { title: string; html: string };
type PerLanguage<T> = Record<Lang, T>;

/** Notices and promotions, by their English title. */
export const demoNoticeVersions: Record<string, PerLanguage<Text>> = {
  'Welcome bonus: 100% on your first deposit': {
    my: {
      title: 'ကြိုဆိုရေးဘောနပ်စ် - ပထမဆုံး ငွေသွင်းမှုအပေါ် 100%',
      html: '<p>ယနေ့ ပထမဆုံးအကြိမ် ငွေသွင်းလိုက်ပါ၊ $500 အထိ <b>100%</b> ထပ်ဆောင်း ပေးပါမည်။</p><p><a href="/promotions">ပရိုမိုးရှင်းကို ကြည့်ရန်</a></p>',
    },
    'zh-CN': {
      title: '新会员首存 100% 红利',
      html: '<p>今天完成首次存款，即可获得 <b>100%</b> 等额红利，最高 $500。</p><p><a href="/promotions">查看活动详情</a></p>',
    },
    th: {
      title: 'โบนัสต้อนรับ 100% สำหรับการฝากครั้งแรก',
      html: '<p>ฝากครั้งแรกวันนี้ รับโบนัสเพิ่ม <b>100%</b> สูงสุด $500</p><p><a href="/promotions">ดูรายละเอียดโปรโมชั่น</a></p>',
    },
    vi: {
      title: 'Thưởng chào mừng 100% cho lần nạp đầu tiên',
      html: '<p>Nạp tiền lần đầu ngay hôm nay, chúng tôi tặng thêm <b>100%</b> tối đa $500.</p><p><a href="/promotions">Xem khuyến mãi</a></p>',
    },
  },
  'Scheduled maintenance of PG Soft games on Tuesday 02:00–04:00 GMT+7': {
    my: {
      title: 'PG Soft ဂိမ်းများ အင်္ဂါနေ့ 02:00–04:00 (GMT+7) ပြုပြင်ထိန်းသိမ်းမည်',
      html: '<p>ဂိမ်းထုတ်လုပ်သူက ဆာဗာများကို အဆင့်မြှင့်တင်နေသဖြင့် အင်္ဂါနေ့ 02:00 မှ 04:00 (GMT+7) အထိ PG Soft ဂိမ်းများကို ကစား၍ မရပါ။ အခြားဂိမ်းအားလုံး ပုံမှန်အတိုင်း ဖွင့်ထားပါသည်။</p>',
    },
    'zh-CN': {
      title: 'PG 电子将于周二 02:00–04:00（GMT+7）维护',
      html: '<p>因游戏厂商升级服务器，PG 电子游戏将于周二 02:00 至 04:00（GMT+7）暂停服务，其他游戏照常开放。</p>',
    },
    th: {
      title: 'ปิดปรับปรุงเกม PG Soft วันอังคาร 02:00–04:00 น. (GMT+7)',
      html: '<p>เกม PG Soft จะไม่สามารถเล่นได้ในวันอังคาร เวลา 02:00–04:00 น. (GMT+7) เนื่องจากผู้ให้บริการอัปเกรดเซิร์ฟเวอร์ เกมอื่นทั้งหมดยังเล่นได้ตามปกติ</p>',
    },
    vi: {
      title: 'Bảo trì trò chơi PG Soft vào thứ Ba 02:00–04:00 (GMT+7)',
      html: '<p>Các trò chơi PG Soft sẽ tạm ngừng vào thứ Ba từ 02:00 đến 04:00 (GMT+7) do nhà cung cấp nâng cấp máy chủ. Mọi trò chơi khác vẫn hoạt động bình thường.</p>',
    },
  },
  'New: Vietnam lottery now draws every 5 minutes': {
    my: {
      title: 'အသစ် - ဗီယက်နမ်ထီ ယခု 5 မိနစ်တစ်ကြိမ် ဖွင့်ပြီ',
      html: '<p><b>VN 5 မိနစ်ထီ</b> စတင်ပါပြီ။ ထီဖွင့်ပွဲတစ်ခုစီ ပိတ်သည်နှင့် ရလဒ်ကို ထီစာမျက်နှာတွင် ချက်ချင်း ထုတ်ပြန်ပါသည်။</p>',
    },
    'zh-CN': {
      title: '新上线：越南彩每 5 分钟开奖一次',
      html: '<p><b>越南 5 分彩</b>现已上线，每期封盘后开奖结果即时公布在彩票页面。</p>',
    },
    th: {
      title: 'ใหม่! หวยเวียดนามออกทุก 5 นาที',
      html: '<p><b>หวยเวียดนาม 5 นาที</b> เปิดให้เล่นแล้ว ผลรางวัลประกาศบนหน้าหวยทันทีที่ปิดรับแต่ละงวด</p>',
    },
    vi: {
      title: 'Mới: Xổ số Việt Nam quay thưởng mỗi 5 phút',
      html: '<p><b>Xổ số VN 5 phút</b> đã chính thức ra mắt. Kết quả được công bố trên trang xổ số ngay khi mỗi kỳ đóng.</p>',
    },
  },
  'Deposit by VietQR now credited within 1 minute': {
    my: {
      title: 'VietQR ဖြင့် ငွေသွင်းပါက 1 မိနစ်အတွင်း ရောက်ရှိမည်',
      html: '<p>စကင်ဖတ်၊ ငွေချေ၊ ကစားရုံပါပဲ - VietQR ငွေသွင်းမှုများကို ယခု အလိုအလျောက် အတည်ပြုပေးပါသည်။</p>',
    },
    'zh-CN': {
      title: 'VietQR 存款 1 分钟内到账',
      html: '<p>扫码、付款、开玩：VietQR 存款现已自动确认。</p>',
    },
    th: {
      title: 'ฝากผ่าน VietQR เงินเข้าภายใน 1 นาที',
      html: '<p>สแกน จ่าย แล้วเล่นได้เลย ตอนนี้ระบบยืนยันการฝากผ่าน VietQR ให้อัตโนมัติ</p>',
    },
    vi: {
      title: 'Nạp tiền qua VietQR, tiền vào tài khoản trong 1 phút',
      html: '<p>Quét mã, thanh toán và chơi ngay: giao dịch nạp qua VietQR giờ được xác nhận tự động.</p>',
    },
  },
  'Protect your account: turn on the authenticator': {
    my: {
      title: 'သင့်အကောင့်ကို ကာကွယ်ပါ - Authenticator ကို ဖွင့်ထားပါ',
      html: '<p>စက်အသစ်မှ အကောင့်ဝင်သည့်အခါ ဒုတိယအဆင့် အတည်ပြုနိုင်ရန် <b>ကျွန်ုပ်၏အကောင့် → လုံခြုံရေး</b> တွင် Google Authenticator ကို ချိတ်ဆက်ထားပါ။</p>',
    },
    'zh-CN': {
      title: '保护账户安全：请开启身份验证器',
      html: '<p>在<b>我的账户 → 安全中心</b>绑定 Google 身份验证器，在新设备登录时多一道验证。</p>',
    },
    th: {
      title: 'ปกป้องบัญชีของคุณ: เปิดใช้ Authenticator',
      html: '<p>ผูก Google Authenticator ที่ <b>บัญชีของฉัน → ความปลอดภัย</b> เพื่อยืนยันตัวตนอีกชั้นเมื่อเข้าสู่ระบบจากอุปกรณ์ใหม่</p>',
    },
    vi: {
      title: 'Bảo vệ tài khoản: hãy bật trình xác thực',
      html: '<p>Liên kết Google Authenticator tại <b>Tài khoản của tôi → Bảo mật</b> để có thêm lớp xác thực khi đăng nhập từ thiết bị mới.</p>',
    },
  },
  'Weekly cashback paid every Monday': {
    my: {
      title: 'အပတ်စဉ် ငွေပြန်အမ်းကို တနင်္လာနေ့တိုင်း ပေးသည်',
      html: '<p>စလော့နှင့် တိုက်ရိုက်ကာစီနို ကစားသူများသည် အသားတင် ရှုံးငွေအပေါ် <b>1.2%</b> အထိ ငွေပြန်အမ်းကို တနင်္လာနေ့တိုင်း 12:00 တွင် ရရှိပါမည်။</p>',
    },
    'zh-CN': {
      title: '每周一发放周返水',
      html: '<p>电子及真人娱乐玩家每周一 12:00 可获得净输额最高 <b>1.2%</b> 的返水。</p>',
    },
    th: {
      title: 'คืนยอดเสียรายสัปดาห์ จ่ายทุกวันจันทร์',
      html: '<p>ผู้เล่นสล็อตและคาสิโนสดรับเงินคืนสูงสุด <b>1.2%</b> จากยอดเสียสุทธิ ทุกวันจันทร์ เวลา 12:00 น.</p>',
    },
    vi: {
      title: 'Hoàn trả hằng tuần vào mỗi thứ Hai',
      html: '<p>Người chơi slot và sòng bài trực tiếp nhận hoàn trả tới <b>1,2%</b> tiền thua ròng vào 12:00 mỗi thứ Hai.</p>',
    },
  },
  'Lucky draw: win an iPhone 17 Pro': {
    my: {
      title: 'ကံစမ်းမဲ - iPhone 17 Pro ကံထူးရှင် ဖြစ်လိုက်ပါ',
      html: '<p>ဤလအတွင်း အကျုံးဝင်သော လောင်းကြေး $100 တိုင်းအတွက် လကုန် 30 ရက်နေ့ ကံစမ်းမဲတွင် မဲလက်မှတ် တစ်စောင်စီ ရရှိပါမည်။</p>',
    },
    'zh-CN': {
      title: '幸运抽奖：赢取 iPhone 17 Pro',
      html: '<p>本月每累计 $100 有效投注，即可获得一张 30 日幸运抽奖的奖券。</p>',
    },
    th: {
      title: 'ลุ้นโชค: รับ iPhone 17 Pro',
      html: '<p>ทุกยอดเดิมพันที่นับได้ $100 ในเดือนนี้ รับสิทธิ์ลุ้นรางวัล 1 สิทธิ์ ประกาศผลวันที่ 30</p>',
    },
    vi: {
      title: 'Rút thăm may mắn: trúng iPhone 17 Pro',
      html: '<p>Mỗi $100 cược hợp lệ trong tháng này được một vé tham gia rút thăm vào ngày 30.</p>',
    },
  },
  'Invite friends and earn 10% of their first deposit': {
    my: {
      title: 'သူငယ်ချင်းများကို ဖိတ်ခေါ်ပြီး ၎င်းတို့ ပထမဆုံးငွေသွင်းမှု၏ 10% ရယူပါ',
      html: '<p>အဖွဲ့ဝင်မီနူးမှ သင့်ဖိတ်ခေါ်လင့်ခ်ကို မျှဝေပါ။ သူငယ်ချင်းက ငွေသွင်းသည်နှင့် နှစ်ဦးစလုံး ဘောနပ်စ် ရရှိပါမည်။</p>',
    },
    'zh-CN': {
      title: '邀请好友，赚取好友首存 10%',
      html: '<p>在会员菜单中分享您的邀请链接。好友存款后，您和好友都能获得红利。</p>',
    },
    th: {
      title: 'ชวนเพื่อน รับ 10% จากยอดฝากแรกของเพื่อน',
      html: '<p>แชร์ลิงก์ชวนเพื่อนจากเมนูสมาชิก เมื่อเพื่อนฝากเงิน ทั้งคุณและเพื่อนจะได้รับโบนัส</p>',
    },
    vi: {
      title: 'Mời bạn bè, nhận 10% lần nạp đầu của bạn',
      html: '<p>Chia sẻ liên kết mời từ menu thành viên. Khi bạn bè nạp tiền, cả hai đều nhận được tiền thưởng.</p>',
    },
  },
  'Holiday opening hours of bank transfer withdrawals': {
    my: {
      title: 'ရုံးပိတ်ရက်များတွင် ဘဏ်လွှဲဖြင့် ငွေထုတ်ခြင်း ဝန်ဆောင်ချိန်',
      html: '<p>အများပြည်သူ ရုံးပိတ်ရက်များတွင် ဘဏ်လွှဲဖြင့် ငွေထုတ်ခြင်းကို 09:00 မှ 21:00 အထိ ဆောင်ရွက်ပေးပါသည်။</p>',
    },
    'zh-CN': {
      title: '节假日银行转账提款处理时间',
      html: '<p>法定节假日期间，银行转账提款的处理时间为 09:00 至 21:00。</p>',
    },
    th: {
      title: 'เวลาทำการถอนเงินผ่านธนาคารในวันหยุด',
      html: '<p>ในวันหยุดนักขัตฤกษ์ การถอนเงินผ่านการโอนธนาคารจะดำเนินการระหว่างเวลา 09:00–21:00 น.</p>',
    },
    vi: {
      title: 'Giờ xử lý rút tiền qua ngân hàng ngày lễ',
      html: '<p>Vào các ngày lễ, yêu cầu rút tiền qua chuyển khoản ngân hàng được xử lý từ 09:00 đến 21:00.</p>',
    },
  },
  'New live dealer tables from Evolution': {
    my: {
      title: 'Evolution မှ တိုက်ရိုက်ဒီလာ စားပွဲအသစ်များ',
      html: '<p>Lightning Roulette နှင့် Crazy Time စားပွဲများကို ယခု 24 နာရီပတ်လုံး ဖွင့်ထားပါပြီ။</p>',
    },
    'zh-CN': {
      title: 'Evolution 真人荷官新桌上线',
      html: '<p>闪电轮盘和疯狂时间游戏桌现已全天候开放。</p>',
    },
    th: {
      title: 'โต๊ะดีลเลอร์สดใหม่จาก Evolution',
      html: '<p>โต๊ะ Lightning Roulette และ Crazy Time เปิดให้เล่นตลอด 24 ชั่วโมงแล้ว</p>',
    },
    vi: {
      title: 'Bàn chia bài trực tiếp mới từ Evolution',
      html: '<p>Các bàn Lightning Roulette và Crazy Time nay mở cửa suốt ngày đêm.</p>',
    },
  },
  'Responsible gaming tools now available': {
    my: {
      title: 'တာဝန်သိစွာ ကစားနိုင်ရန် ကိရိယာများ ရရှိနိုင်ပါပြီ',
      html: '<p>သင့်လုံခြုံရေးစင်တာမှ နေ့စဉ် ငွေသွင်းကန့်သတ်ချက်နှင့် ကစားချိန် သတိပေးချက်များကို သတ်မှတ်နိုင်ပါသည်။</p>',
    },
    'zh-CN': {
      title: '理性娱乐工具现已上线',
      html: '<p>您可在安全中心设置每日存款限额和游戏时长提醒。</p>',
    },
    th: {
      title: 'เครื่องมือการเล่นอย่างรับผิดชอบพร้อมใช้งานแล้ว',
      html: '<p>ตั้งวงเงินฝากรายวันและการแจ้งเตือนระยะเวลาเล่นได้จากศูนย์ความปลอดภัยของคุณ</p>',
    },
    vi: {
      title: 'Công cụ chơi có trách nhiệm đã sẵn sàng',
      html: '<p>Đặt hạn mức nạp mỗi ngày và lời nhắc thời gian chơi trong trung tâm bảo mật của bạn.</p>',
    },
  },
  'Beware of fake customer service accounts': {
    my: {
      title: 'အတု ဖောက်သည်ဝန်ဆောင်မှု အကောင့်များကို သတိထားပါ',
      html: '<p>ကျွန်ုပ်တို့ ဝန်ထမ်းများသည် သင့်စကားဝှက် သို့မဟုတ် ငွေလွှဲစကားဝှက်ကို ဘယ်သောအခါမှ မမေးပါ။ ဤဆိုက်ပေါ်ရှိ တိုက်ရိုက်စကားပြောကိုသာ အသုံးပြုပါ။</p>',
    },
    'zh-CN': {
      title: '谨防假冒客服账号',
      html: '<p>我们的工作人员绝不会向您索要登录密码或交易密码，请只使用本站的在线客服。</p>',
    },
    th: {
      title: 'ระวังบัญชีฝ่ายบริการลูกค้าปลอม',
      html: '<p>เจ้าหน้าที่ของเราจะไม่ขอรหัสผ่านหรือรหัสผ่านธุรกรรมของคุณเด็ดขาด โปรดใช้แชทสดบนเว็บไซต์นี้เท่านั้น</p>',
    },
    vi: {
      title: 'Cảnh giác với tài khoản chăm sóc khách hàng giả mạo',
      html: '<p>Nhân viên của chúng tôi không bao giờ hỏi mật khẩu đăng nhập hay mật khẩu giao dịch của bạn. Chỉ sử dụng kênh chat trực tuyến trên trang này.</p>',
    },
  },
  'Sports: enhanced odds on every weekend match': {
    my: {
      title: 'အားကစား - စနေ၊ တနင်္ဂနွေ ပွဲတိုင်း ပေါက်ကြေး ပိုကောင်း',
      html: '<p>ရွေးချယ်ထားသော ဘောလုံးပွဲများတွင် စနေနှင့် တနင်္ဂနွေတိုင်း ပေါက်ကြေး ပိုကောင်းကောင်း ပေးထားပါသည်။</p>',
    },
    'zh-CN': {
      title: '体育：周末赛事赔率加码',
      html: '<p>每周六、周日精选足球赛事享受加码赔率。</p>',
    },
    th: {
      title: 'กีฬา: ราคาพิเศษทุกแมตช์สุดสัปดาห์',
      html: '<p>ฟุตบอลคู่ที่คัดสรรมีราคาต่อรองพิเศษทุกวันเสาร์และอาทิตย์</p>',
    },
    vi: {
      title: 'Thể thao: tỷ lệ cược nâng cao mọi trận cuối tuần',
      html: '<p>Các trận bóng đá chọn lọc có tỷ lệ cược nâng cao vào mỗi thứ Bảy và Chủ nhật.</p>',
    },
  },
  'Daily reload bonus 10%': {
    my: {
      title: 'နေ့စဉ် ငွေဖြည့်ဘောနပ်စ် 10%',
      html: '<p>မည်သည့်နေ့မဆို ငွေထပ်ဖြည့်ပါ၊ $100 အထိ 10% ဘောနပ်စ်ကို တစ်ရက်လျှင် တစ်ကြိမ် ရယူနိုင်ပါသည်။</p>',
    },
    'zh-CN': {
      title: '每日续存红利 10%',
      html: '<p>每天任意时间续存，即可获得 10% 红利，最高 $100，每日限领一次。</p>',
    },
    th: {
      title: 'โบนัสเติมเงินรายวัน 10%',
      html: '<p>เติมเงินวันไหนก็ได้ รับโบนัส 10% สูงสุด $100 วันละหนึ่งครั้ง</p>',
    },
    vi: {
      title: 'Thưởng nạp lại mỗi ngày 10%',
      html: '<p>Nạp lại bất kỳ ngày nào để nhận thưởng 10% tối đa $100, mỗi ngày một lần.</p>',
    },
  },
  'Follow us on Zalo: a reward of up to 131K': {
    my: {
      title: 'Zalo တွင် ကျွန်ုပ်တို့ကို Follow လုပ်ပါ - ဆုလာဘ် 131K အထိ',
      html: '<p>Zalo ရှိ <b>Lucky Lotus</b> တရားဝင်အကောင့်ကို Follow လုပ်ပြီး <b>131K အထိ</b> ဆုလာဘ် ရယူလိုက်ပါ။</p><ol><li>Zalo တွင် <a href="https://zalo.me/luckylotus">zalo.me/luckylotus</a> ကို Follow လုပ်ပါ။</li><li>ဤပရိုမိုးရှင်းတွင် <b>ဘောနပ်စ် ရယူမည်</b> ကိုနှိပ်ပြီး မှတ်ချက်၌ သင့် Zalo အမည်ကို ရေးပါ။</li><li>ကျွန်ုပ်တို့အဖွဲ့က စစ်ဆေးပြီး 131K အထိ ဆုလာဘ်ကို 24 နာရီအတွင်း ထည့်ပေးပါမည်။</li></ol><p>အဖွဲ့ဝင်တစ်ဦးလျှင် တစ်ကြိမ်သာ။</p>',
    },
    'zh-CN': {
      title: '关注我们的 Zalo，奖励最高 131K',
      html: '<p>在 Zalo 关注 <b>Lucky Lotus</b> 官方账号，即可获得<b>最高 131K</b> 奖励。</p><ol><li>在 Zalo 关注 <a href="https://zalo.me/luckylotus">zalo.me/luckylotus</a>。</li><li>在本活动点击<b>领取红利</b>，并在备注中填写您的 Zalo 昵称。</li><li>客服核实后，将在 24 小时内发放最高 131K 的奖励。</li></ol><p>每位会员限领一次。</p>',
    },
    th: {
      title: 'ติดตามเราบน Zalo รับรางวัลสูงสุด 131K',
      html: '<p>กดติดตามบัญชีทางการของ <b>Lucky Lotus</b> บน Zalo แล้วรับรางวัล<b>สูงสุด 131K</b></p><ol><li>ติดตาม <a href="https://zalo.me/luckylotus">zalo.me/luckylotus</a> บน Zalo</li><li>กด <b>รับโบนัส</b> ที่โปรโมชันนี้ แล้วใส่ชื่อ Zalo ของคุณในช่องหมายเหตุ</li><li>ทีมงานจะตรวจสอบและโอนรางวัลสูงสุด 131K ให้ภายใน 24 ชั่วโมง</li></ol><p>สมาชิกหนึ่งท่านรับได้หนึ่งครั้ง</p>',
    },
    vi: {
      title: 'Theo dõi Zalo nhận thưởng lên đến 131K',
      html: '<p>Theo dõi tài khoản Zalo chính thức của <b>Lucky Lotus</b> để nhận thưởng <b>lên đến 131K</b>.</p><ol><li>Theo dõi <a href="https://zalo.me/luckylotus">zalo.me/luckylotus</a> trên Zalo.</li><li>Bấm <b>Nhận thưởng</b> ở khuyến mãi này và ghi tên Zalo của bạn vào ô ghi chú.</li><li>Chúng tôi kiểm tra và cộng thưởng lên đến 131K trong vòng 24 giờ.</li></ol><p>Mỗi thành viên được nhận một lần.</p>',
    },
  },
  'Sign-up bonus: 1000 VND for new members': {
    my: {
      title: 'အကောင့်ဖွင့် ဘောနပ်စ် - အဖွဲ့ဝင်သစ်များအတွက် 1000 VND',
      html: '<p>ယနေ့ အကောင့်ဖွင့်ပြီး <b>1000 VND</b> အကောင့်ဖွင့်ဘောနပ်စ်ကို ရယူပါ၊ ငွေသွင်းရန် မလိုပါ။</p><ol><li>စာရင်းသွင်းပြီး ဝင်ရောက်ပါ။</li><li>ဤပရိုမိုးရှင်းတွင် <b>ပါဝင်မည်</b> ကိုနှိပ်ပြီးနောက် <b>ဘောနပ်စ် ရယူမည်</b> ကိုနှိပ်ပါ။</li><li>ဘောနပ်စ်ကို တစ်ကြိမ် လောင်းပြီးသည်နှင့် သင့်ပင်မပိုက်ဆံအိတ်သို့ ရောက်ရှိပါမည်။</li></ol><p>အဖွဲ့ဝင်သစ်များသာ၊ တစ်ဦးလျှင် တစ်ကြိမ်သာ။</p>',
    },
    'zh-CN': {
      title: '注册红利：新会员送 1000 VND',
      html: '<p>今天注册账号，即可领取 <b>1000 VND</b> 注册红利，无需存款。</p><ol><li>注册并登录。</li><li>在本活动点击<b>参加</b>，再点击<b>领取红利</b>。</li><li>红利流水达到 1 倍后即转入主钱包。</li></ol><p>仅限新会员，每人限领一次。</p>',
    },
    th: {
      title: 'โบนัสสมัครสมาชิก 1000 VND สำหรับสมาชิกใหม่',
      html: '<p>สมัครวันนี้ รับโบนัสสมัครสมาชิก <b>1000 VND</b> ไม่ต้องฝากเงิน</p><ol><li>สมัครและเข้าสู่ระบบ</li><li>กด <b>เข้าร่วม</b> แล้วกด <b>รับโบนัส</b> ที่โปรโมชันนี้</li><li>ทำยอดเดิมพันครบหนึ่งเท่าของโบนัส โบนัสจะโอนเข้ากระเป๋าหลัก</li></ol><p>เฉพาะสมาชิกใหม่ หนึ่งท่านต่อหนึ่งครั้ง</p>',
    },
    vi: {
      title: 'Thưởng đăng ký: tặng 1000 VND cho thành viên mới',
      html: '<p>Đăng ký tài khoản hôm nay và nhận ngay <b>1000 VND</b> tiền thưởng đăng ký, không cần nạp tiền.</p><ol><li>Đăng ký và đăng nhập.</li><li>Bấm <b>Tham gia</b>, sau đó bấm <b>Nhận thưởng</b> ở khuyến mãi này.</li><li>Cược đủ 1 lần tiền thưởng để chuyển thưởng vào ví chính.</li></ol><p>Chỉ dành cho thành viên mới, mỗi người một lần.</p>',
    },
  },
  'Lottery results are published live on the lottery page': {
    my: {
      title: 'ထီရလဒ်များကို ထီစာမျက်နှာတွင် တိုက်ရိုက် ထုတ်ပြန်ပါသည်',
      html: '<p>ထီဖွင့်ပွဲတိုင်းကို တိုက်ရိုက် ကြည့်ရှုပါ။</p>',
    },
    'zh-CN': { title: '彩票开奖结果在彩票页面实时公布', html: '<p>每期开奖，实时观看。</p>' },
    th: { title: 'ประกาศผลหวยสดบนหน้าหวย', html: '<p>ติดตามทุกงวดแบบสด ๆ</p>' },
    vi: {
      title: 'Kết quả xổ số được công bố trực tiếp trên trang xổ số',
      html: '<p>Theo dõi trực tiếp mọi kỳ quay thưởng.</p>',
    },
  },
  'Agent rebates are credited every few seconds': {
    my: {
      title: 'ကိုယ်စားလှယ် ကော်မရှင်ကို စက္ကန့်ပိုင်းအတွင်း ထည့်ပေးသည်',
      html: '<p>သင့်အဖွဲ့၏ ငွေရှင်းပြီးသော လောင်းကြေးတိုင်းအတွက် ကော်မရှင်သည် ယခု စက္ကန့်ပိုင်းအတွင်း သင့်ပင်မပိုက်ဆံအိတ်သို့ ရောက်ရှိပါသည်။ <b>ကျွန်ုပ်၏ဝင်ငွေ</b> တွင် ထုတ်ကုန်အလိုက် ကြည့်ရှုနိုင်ပါသည်။</p>',
    },
    'zh-CN': {
      title: '代理返点数秒内到账',
      html: '<p>团队每笔已结算投注的返点现已在数秒内进入您的主钱包，可在<b>我的收入</b>中按产品查看。</p>',
    },
    th: {
      title: 'ค่าคอมมิชชั่นเอเยนต์เข้าภายในไม่กี่วินาที',
      html: '<p>ค่าคอมฯ จากทุกเดิมพันที่ชำระแล้วของทีมคุณจะเข้ากระเป๋าหลักภายในไม่กี่วินาที ดูแยกตามผลิตภัณฑ์ได้ที่ <b>รายได้ของฉัน</b></p>',
    },
    vi: {
      title: 'Hoa hồng đại lý được cộng sau vài giây',
      html: '<p>Hoa hồng từ mỗi cược đã thanh toán của đội nhóm nay vào ví chính của bạn chỉ sau vài giây. Xem theo từng sản phẩm tại <b>Thu nhập của tôi</b>.</p>',
    },
  },
  'New: registration links with an expiry and a channel': {
    my: {
      title: 'အသစ် - သက်တမ်းနှင့် ချန်နယ် သတ်မှတ်နိုင်သော မှတ်ပုံတင်လင့်ခ်များ',
      html: '<p><b>အကောင့် → လင့်ခ်ဖြင့် မှတ်ပုံတင်ခြင်း</b> တွင် လင့်ခ်ဖန်တီးပါ - အကောင့်အမျိုးအစား၊ ကော်မရှင်နှုန်း၊ လင့်ခ်သက်တမ်း (အမြဲတမ်း၊ 1 ရက်၊ 7 ရက်၊ 30 ရက် သို့မဟုတ် 1 နှစ်) နှင့် မျှဝေမည့် ချန်နယ်ကို ရွေးပါ။ <b>လင့်ခ်စီမံခန့်ခွဲမှု</b> တွင် လင့်ခ်တစ်ခုစီမှ ဝင်လာသော မှတ်ပုံတင်မှုများနှင့်အတူ ပြထားပါသည်။</p>',
    },
    'zh-CN': {
      title: '新功能：可设有效期和渠道的注册链接',
      html: '<p>在<b>账户 → 链接注册</b>中创建链接：选择账户类型、返点、有效期（永久、1 天、7 天、30 天或 1 年）以及推广渠道。<b>链接管理</b>会列出每条链接带来的注册。</p>',
    },
    th: {
      title: 'ใหม่: ลิงก์สมัครสมาชิกที่กำหนดวันหมดอายุและช่องทางได้',
      html: '<p>สร้างลิงก์ได้ที่ <b>บัญชี → สมัครผ่านลิงก์</b> เลือกประเภทบัญชี ค่าคอมฯ อายุลิงก์ (ถาวร, 1 วัน, 7 วัน, 30 วัน หรือ 1 ปี) และช่องทางที่จะแชร์ <b>จัดการลิงก์</b> จะแสดงลิงก์ทั้งหมดพร้อมจำนวนสมาชิกที่สมัครผ่านแต่ละลิงก์</p>',
    },
    vi: {
      title: 'Mới: liên kết đăng ký có thời hạn và kênh chia sẻ',
      html: '<p>Tạo liên kết tại <b>Tài khoản → Đăng ký qua liên kết</b>: chọn loại tài khoản, mức hoa hồng, thời hạn (vĩnh viễn, 1 ngày, 7 ngày, 30 ngày hoặc 1 năm) và kênh chia sẻ. <b>Quản lý liên kết</b> liệt kê từng liên kết cùng số lượt đăng ký mà nó mang lại.</p>',
    },
  },
};

/** Banner titles (their alternative text), by the English title. */
export const demoBannerVersions: Record<string, PerLanguage<string>> = {
  'Welcome bonus 100% up to $500': {
    my: 'ကြိုဆိုရေးဘောနပ်စ် 100% - $500 အထိ',
    'zh-CN': '首存红利 100%，最高 $500',
    th: 'โบนัสต้อนรับ 100% สูงสุด $500',
    vi: 'Thưởng chào mừng 100% tối đa $500',
  },
  'Vietnam lottery every 5 minutes': {
    my: 'ဗီယက်နမ်ထီ 5 မိနစ်တစ်ကြိမ်',
    'zh-CN': '越南彩每 5 分钟一期',
    th: 'หวยเวียดนามออกทุก 5 นาที',
    vi: 'Xổ số Việt Nam mỗi 5 phút',
  },
  'Live casino around the clock': {
    my: '24 နာရီ တိုက်ရိုက်ကာစီနို',
    'zh-CN': '真人娱乐场 24 小时不停',
    th: 'คาสิโนสดตลอด 24 ชั่วโมง',
    vi: 'Sòng bài trực tiếp suốt ngày đêm',
  },
  '10,000 slots, weekly cashback': {
    my: 'စလော့ဂိမ်း 10,000 နှင့် အပတ်စဉ် ငွေပြန်အမ်း',
    'zh-CN': '上万款电子游戏，每周返水',
    th: 'สล็อตกว่า 10,000 เกม คืนยอดเสียทุกสัปดาห์',
    vi: '10.000 trò slot, hoàn trả hằng tuần',
  },
  'Log in and claim your daily bonus': {
    my: 'အကောင့်ဝင်ပြီး နေ့စဉ်ဘောနပ်စ် ရယူပါ',
    'zh-CN': '登录领取每日红利',
    th: 'เข้าสู่ระบบแล้วรับโบนัสรายวัน',
    vi: 'Đăng nhập để nhận thưởng mỗi ngày',
  },
  'Join now: 100% welcome bonus': {
    my: 'ယခုပဲ အဖွဲ့ဝင်ပါ - ကြိုဆိုရေးဘောနပ်စ် 100%',
    'zh-CN': '立即注册，尊享 100% 首存红利',
    th: 'สมัครเลย รับโบนัสต้อนรับ 100%',
    vi: 'Tham gia ngay: thưởng chào mừng 100%',
  },
};

type HelpText = Text & { category: string };
const about: PerLanguage<string> = {
  my: 'ကျွန်ုပ်တို့အကြောင်း',
  'zh-CN': '关于我们',
  th: 'เกี่ยวกับเรา',
  vi: 'Về chúng tôi',
};
const rules: PerLanguage<string> = {
  my: 'စည်းမျဉ်းနှင့် စည်းကမ်းချက်များ',
  'zh-CN': '规则与条款',
  th: 'กฎและเงื่อนไข',
  vi: 'Quy định và điều khoản',
};
const banking: PerLanguage<string> = {
  my: 'ငွေသွင်းခြင်းနှင့် ငွေထုတ်ခြင်း',
  'zh-CN': '存款与提款',
  th: 'ฝากและถอนเงิน',
  vi: 'Nạp và rút tiền',
};
const help = (section: PerLanguage<string>, texts: PerLanguage<Text>): PerLanguage<HelpText> => ({
  my: { ...texts.my, category: section.my },
  'zh-CN': { ...texts['zh-CN'], category: section['zh-CN'] },
  th: { ...texts.th, category: section.th },
  vi: { ...texts.vi, category: section.vi },
});

/** Help articles, by their key, each with its section's title. */
export const demoHelpVersions: Record<string, PerLanguage<HelpText>> = {
  about: help(about, {
    my: {
      title: 'Lucky Lotus အကြောင်း',
      html: '<h3>Lucky Lotus အကြောင်း</h3><p>Lucky Lotus သည် 2019 ခုနှစ်မှစ၍ အရှေ့တောင်အာရှတစ်ဝှမ်းရှိ ကစားသူများကို ဝန်ဆောင်မှုပေးနေသော လိုင်စင်ရ ဂိမ်းနှင့် ထီ ပလက်ဖောင်း ဖြစ်ပါသည်။ မိနစ်ပိုင်းအတွင်း ထပ်ခါထပ်ခါ ဖွင့်သော ထီများ၊ တိုက်ရိုက်ကာစီနို၊ စလော့၊ ငါးပစ်ဂိမ်း၊ အားကစားနှင့် e-sports တို့ကို ကစားနိုင်ပါသည်။</p><p>ထီရလဒ်တိုင်းနှင့် ငွေလွှဲမှုတိုင်းကို မှတ်တမ်းတင်ထားပြီး သင့်အဖွဲ့ဝင်စင်တာတွင် ပြန်လည်စစ်ဆေးနိုင်ပါသည်။</p>',
    },
    'zh-CN': {
      title: '关于 Lucky Lotus',
      html: '<h3>关于 Lucky Lotus</h3><p>Lucky Lotus 是一家持牌游戏与彩票平台，自 2019 年起服务东南亚各地玩家。我们提供每隔几分钟开奖的彩票、真人娱乐、电子游戏、捕鱼、体育和电竞。</p><p>每一期开奖结果和每一笔交易都有记录，您可以在会员中心随时查询。</p>',
    },
    th: {
      title: 'เกี่ยวกับ Lucky Lotus',
      html: '<h3>เกี่ยวกับ Lucky Lotus</h3><p>Lucky Lotus คือแพลตฟอร์มเกมและหวยที่ได้รับใบอนุญาต ให้บริการผู้เล่นทั่วเอเชียตะวันออกเฉียงใต้ตั้งแต่ปี 2019 มีหวยออกผลทุกไม่กี่นาที คาสิโนสด สล็อต ยิงปลา กีฬา และอีสปอร์ต</p><p>ผลหวยทุกงวดและทุกธุรกรรมถูกบันทึกไว้ และตรวจสอบได้ในศูนย์สมาชิกของคุณ</p>',
    },
    vi: {
      title: 'Giới thiệu Lucky Lotus',
      html: '<h3>Giới thiệu Lucky Lotus</h3><p>Lucky Lotus là nền tảng trò chơi và xổ số được cấp phép, phục vụ người chơi khắp Đông Nam Á từ năm 2019. Chúng tôi có xổ số quay thưởng vài phút một lần, sòng bài trực tiếp, slot, bắn cá, thể thao và thể thao điện tử.</p><p>Mọi kết quả quay thưởng và mọi giao dịch đều được lưu lại và có thể kiểm tra trong trung tâm thành viên của bạn.</p>',
    },
  }),
  contact: help(about, {
    my: {
      title: 'ဆက်သွယ်ရန်',
      html: '<h3>ဆက်သွယ်ရန်</h3><p>ကျွန်ုပ်တို့ ဝန်ဆောင်မှုအဖွဲ့သည် 24 နာရီပတ်လုံး ဖြေကြားပေးပါသည်။</p><ul><li>တိုက်ရိုက်စကားပြော - စာမျက်နှာတိုင်း၏ ညာဘက်ရှိ နားကြပ်ခလုတ်</li><li>Telegram - @luckylotus_support</li><li>အီးမေးလ် - support@luckylotus.example</li></ul>',
    },
    'zh-CN': {
      title: '联系我们',
      html: '<h3>联系我们</h3><p>客服团队 24 小时在线为您服务。</p><ul><li>在线客服：每个页面右侧的耳机按钮</li><li>Telegram：@luckylotus_support</li><li>电子邮件：support@luckylotus.example</li></ul>',
    },
    th: {
      title: 'ติดต่อเรา',
      html: '<h3>ติดต่อเรา</h3><p>ทีมงานของเราพร้อมตอบตลอด 24 ชั่วโมง</p><ul><li>แชทสด: ปุ่มหูฟังทางขวาของทุกหน้า</li><li>Telegram: @luckylotus_support</li><li>อีเมล: support@luckylotus.example</li></ul>',
    },
    vi: {
      title: 'Liên hệ',
      html: '<h3>Liên hệ</h3><p>Đội ngũ hỗ trợ trực 24/7.</p><ul><li>Chat trực tuyến: nút tai nghe bên phải mỗi trang</li><li>Telegram: @luckylotus_support</li><li>E-mail: support@luckylotus.example</li></ul>',
    },
  }),
  terms: help(rules, {
    my: {
      title: 'စည်းကမ်းချက်များ',
      html: '<h3>စည်းကမ်းချက်များ</h3><ol><li>အကောင့်ဖွင့်ရန် အသက် 18 နှစ် အနည်းဆုံး ပြည့်ရပါမည်။</li><li>လူတစ်ဦး၊ အိမ်ထောင်စုတစ်ခု၊ စက်တစ်လုံးနှင့် IP လိပ်စာတစ်ခုလျှင် အကောင့်တစ်ခုသာ ဖွင့်ခွင့်ရှိပါသည်။</li><li>ငွေသွင်း၊ ငွေထုတ်ရာတွင် သင့်ကိုယ်ပိုင်အမည်ဖြင့် ငွေပေးချေမှုနည်းလမ်းများကိုသာ အသုံးပြုရပါမည်။</li><li>လက်ခံပြီးသော လောင်းကြေးကို ပြင်ဆင်၍ မရပါ။ ရလဒ်များကို တရားဝင် ထီဖွင့်ပွဲအတိုင်း ငွေရှင်းပေးပါသည်။</li><li>ပရိုမိုးရှင်း သို့မဟုတ် ပလက်ဖောင်းကို အလွဲသုံးစားပြုသော အကောင့်များကို ပိတ်သိမ်းခွင့် ရှိပါသည်။</li></ol>',
    },
    'zh-CN': {
      title: '条款与条件',
      html: '<h3>条款与条件</h3><ol><li>年满 18 周岁方可开户。</li><li>每人、每户、每台设备及每个 IP 地址仅限一个账户。</li><li>存款和提款须使用本人名下的支付方式。</li><li>投注一经接受即不可更改，结果以官方开奖为准结算。</li><li>对滥用优惠或平台的账户，我们有权予以关闭。</li></ol>',
    },
    th: {
      title: 'ข้อกำหนดและเงื่อนไข',
      html: '<h3>ข้อกำหนดและเงื่อนไข</h3><ol><li>ผู้สมัครต้องมีอายุ 18 ปีขึ้นไป</li><li>หนึ่งบัญชีต่อหนึ่งคน หนึ่งครัวเรือน หนึ่งอุปกรณ์ และหนึ่งที่อยู่ IP</li><li>การฝากและถอนเงินต้องใช้ช่องทางชำระเงินที่เป็นชื่อของคุณเอง</li><li>เดิมพันที่ระบบรับแล้วไม่สามารถแก้ไขได้ ผลจะคำนวณตามผลออกรางวัลอย่างเป็นทางการ</li><li>เราขอสงวนสิทธิ์ปิดบัญชีที่ใช้โปรโมชั่นหรือแพลตฟอร์มในทางที่ผิด</li></ol>',
    },
    vi: {
      title: 'Điều khoản và điều kiện',
      html: '<h3>Điều khoản và điều kiện</h3><ol><li>Bạn phải đủ 18 tuổi trở lên để mở tài khoản.</li><li>Mỗi người, mỗi hộ gia đình, mỗi thiết bị và mỗi địa chỉ IP chỉ được một tài khoản.</li><li>Nạp và rút tiền phải dùng phương thức thanh toán đứng tên chính bạn.</li><li>Cược đã được chấp nhận không thể thay đổi; kết quả được thanh toán theo kỳ quay chính thức.</li><li>Chúng tôi có quyền đóng tài khoản lạm dụng khuyến mãi hoặc nền tảng.</li></ol>',
    },
  }),
  responsible: help(rules, {
    my: {
      title: 'တာဝန်သိစွာ ကစားခြင်း',
      html: '<h3>တာဝန်သိစွာ ကစားခြင်း</h3><p>ပျော်ရွှင်ရန်အတွက်သာ ကစားပါ၊ အကြွေးဆပ်ရန် ဘယ်တော့မှ မကစားပါနှင့်။ မကစားမီ သုံးမည့်ငွေကို သတ်မှတ်ထားပြီး မကြာခဏ အနားယူပါ။ ကစားရတာ မပျော်တော့ပါက ကန့်သတ်ချက်များ သတ်မှတ်ရန် သို့မဟုတ် အကောင့်ပိတ်ရန် ဝန်ဆောင်မှုအဖွဲ့ကို ဆက်သွယ်ပါ။</p>',
    },
    'zh-CN': {
      title: '理性娱乐',
      html: '<h3>理性娱乐</h3><p>游戏只为娱乐，切勿借此还债。开始前先定好预算，并适时休息。如果游戏不再有趣，请联系客服设置限额或关闭账户。</p>',
    },
    th: {
      title: 'การเล่นอย่างรับผิดชอบ',
      html: '<h3>การเล่นอย่างรับผิดชอบ</h3><p>เล่นเพื่อความสนุก อย่าเล่นเพื่อใช้หนี้ ตั้งงบก่อนเล่นและพักเป็นระยะ หากการเล่นไม่สนุกอีกต่อไป ติดต่อฝ่ายบริการเพื่อตั้งวงเงินหรือปิดบัญชี</p>',
    },
    vi: {
      title: 'Chơi có trách nhiệm',
      html: '<h3>Chơi có trách nhiệm</h3><p>Chơi để giải trí, đừng bao giờ chơi để trả nợ. Hãy đặt ngân sách trước khi chơi và nghỉ ngơi thường xuyên. Nếu việc chơi không còn vui, hãy liên hệ bộ phận hỗ trợ để đặt hạn mức hoặc đóng tài khoản.</p>',
    },
  }),
  privacy: help(rules, {
    my: {
      title: 'ကိုယ်ရေးအချက်အလက် မူဝါဒ',
      html: '<h3>ကိုယ်ရေးအချက်အလက် မူဝါဒ</h3><p>သင့်ကိုယ်ရေးအချက်အလက်များကို သင့်အကောင့်ကို ဆောင်ရွက်ရန်၊ ဆုငွေများ ပေးချေရန်နှင့် ဥပဒေအရ တာဝန်များ ကျေပွန်ရန်အတွက်သာ သိမ်းဆည်းပါသည်။ စကားဝှက်များကို ပြန်ဖော်၍မရသော hash အဖြစ်သာ သိမ်းထားပြီး ဖုန်း သို့မဟုတ် chat မှတစ်ဆင့် သင့်စကားဝှက်ကို ဘယ်တော့မှ မမေးပါ။</p>',
    },
    'zh-CN': {
      title: '隐私政策',
      html: '<h3>隐私政策</h3><p>我们保存您的个人资料，仅用于管理您的账户、支付奖金及履行法律义务。密码以单向哈希形式存储，我们绝不会通过电话或聊天向您索要密码。</p>',
    },
    th: {
      title: 'นโยบายความเป็นส่วนตัว',
      html: '<h3>นโยบายความเป็นส่วนตัว</h3><p>เราเก็บข้อมูลส่วนบุคคลของคุณเพื่อดูแลบัญชี จ่ายเงินรางวัล และปฏิบัติตามกฎหมายเท่านั้น รหัสผ่านถูกจัดเก็บแบบแฮชทางเดียว และเราจะไม่ขอรหัสผ่านของคุณทางโทรศัพท์หรือแชทเด็ดขาด</p>',
    },
    vi: {
      title: 'Chính sách bảo mật',
      html: '<h3>Chính sách bảo mật</h3><p>Chúng tôi chỉ lưu dữ liệu cá nhân của bạn để vận hành tài khoản, chi trả tiền thắng và thực hiện nghĩa vụ pháp lý. Mật khẩu được lưu dưới dạng băm một chiều; chúng tôi không bao giờ hỏi mật khẩu của bạn qua điện thoại hay chat.</p>',
    },
  }),
  deposit: help(banking, {
    my: {
      title: 'ငွေသွင်းနည်း',
      html: '<h3>ငွေသွင်းနည်း</h3><ol><li>အကောင့်ဝင်ပြီး အပေါ်ဘားရှိ <b>ငွေသွင်းရန်</b> ကို နှိပ်ပါ။</li><li>ငွေပေးချေမှုနည်းလမ်းနှင့် ပမာဏကို ရွေးပါ။</li><li>ငွေပေးချေရန် ညွှန်ကြားချက်အတိုင်း လုပ်ဆောင်ပါ။ ငွေပေးချေမှု အတည်ပြုပြီးသည်နှင့် သင့်လက်ကျန်ငွေ တိုးလာပါမည်။</li></ol>',
    },
    'zh-CN': {
      title: '如何存款',
      html: '<h3>如何存款</h3><ol><li>登录后点击顶部栏的<b>存款</b>。</li><li>选择支付方式并输入金额。</li><li>按照支付说明完成付款，确认到账后余额即会更新。</li></ol>',
    },
    th: {
      title: 'วิธีฝากเงิน',
      html: '<h3>วิธีฝากเงิน</h3><ol><li>เข้าสู่ระบบแล้วกด <b>ฝากเงิน</b> ที่แถบด้านบน</li><li>เลือกช่องทางชำระเงินและจำนวนเงิน</li><li>ทำตามขั้นตอนการชำระเงิน ยอดเงินจะอัปเดตเมื่อการชำระเงินได้รับการยืนยัน</li></ol>',
    },
    vi: {
      title: 'Cách nạp tiền',
      html: '<h3>Cách nạp tiền</h3><ol><li>Đăng nhập và bấm <b>Nạp tiền</b> trên thanh trên cùng.</li><li>Chọn phương thức thanh toán và số tiền.</li><li>Làm theo hướng dẫn thanh toán; số dư sẽ được cập nhật khi giao dịch được xác nhận.</li></ol>',
    },
  }),
  withdraw: help(banking, {
    my: {
      title: 'ငွေထုတ်နည်း',
      html: '<h3>ငွေထုတ်နည်း</h3><p>အဖွဲ့ဝင်မီနူးရှိ <b>ငွေထုတ်ရန်</b> ကိုဖွင့်ပါ၊ သင့်ဘဏ်အကောင့်ကို ရွေးပြီး ပမာဏနှင့် ငွေလွှဲစကားဝှက်ကို ထည့်ပါ။ ငွေရောက်ပြီးနောက် မှတ်တမ်းများတွင် ငွေရရှိကြောင်း အတည်ပြုပေးပါ။</p>',
    },
    'zh-CN': {
      title: '如何提款',
      html: '<h3>如何提款</h3><p>在会员菜单中打开<b>提款</b>，选择您的银行账户，输入金额和交易密码。款项到账后，请在记录中确认收款。</p>',
    },
    th: {
      title: 'วิธีถอนเงิน',
      html: '<h3>วิธีถอนเงิน</h3><p>เปิด <b>ถอนเงิน</b> ในเมนูสมาชิก เลือกบัญชีธนาคาร ใส่จำนวนเงินและรหัสผ่านธุรกรรม เมื่อได้รับเงินแล้ว โปรดยืนยันการรับเงินในประวัติรายการ</p>',
    },
    vi: {
      title: 'Cách rút tiền',
      html: '<h3>Cách rút tiền</h3><p>Mở <b>Rút tiền</b> trong menu thành viên, chọn tài khoản ngân hàng, nhập số tiền và mật khẩu giao dịch. Khi nhận được tiền, hãy xác nhận đã nhận trong lịch sử giao dịch.</p>',
    },
  }),
};

/** Mall goods, by their English name. */
export const demoGoodsVersions: Record<string, PerLanguage<string>> = {
  'Lucky Lotus mug': {
    my: 'Lucky Lotus မတ်ခွက်',
    'zh-CN': 'Lucky Lotus 马克杯',
    th: 'แก้วมัค Lucky Lotus',
    vi: 'Cốc Lucky Lotus',
  },
  'Golden dragon T-shirt': {
    my: 'ရွှေနဂါး တီရှပ်',
    'zh-CN': '金龙 T 恤',
    th: 'เสื้อยืดมังกรทอง',
    vi: 'Áo thun rồng vàng',
  },
  'Wireless earbuds': { my: 'ကြိုးမဲ့ နားကြပ်', 'zh-CN': '无线耳机', th: 'หูฟังไร้สาย', vi: 'Tai nghe không dây' },
  'Smart watch': { my: 'စမတ်နာရီ', 'zh-CN': '智能手表', th: 'สมาร์ตวอตช์', vi: 'Đồng hồ thông minh' },
  'Weekend resort voucher': {
    my: 'စနေ၊ တနင်္ဂနွေ အပန်းဖြေစခန်း ဘောက်ချာ',
    'zh-CN': '周末度假村住宿券',
    th: 'บัตรที่พักรีสอร์ตสุดสัปดาห์',
    vi: 'Phiếu nghỉ dưỡng cuối tuần',
  },
  'Latest smartphone': {
    my: 'နောက်ဆုံးပေါ် စမတ်ဖုန်း',
    'zh-CN': '最新款智能手机',
    th: 'สมาร์ตโฟนรุ่นล่าสุด',
    vi: 'Điện thoại thông minh đời mới nhất',
  },
};

/** Inserts the versions above for the demo items already inserted (after demo content and goods). */
export async function seedDemoContentVersions(trx: Kysely<DB>): Promise<void> {
  const [notices, banners, goods] = await Promise.all([
    trx.selectFrom('announcement').select(['id', 'title']).execute(),
    trx.selectFrom('banner').select(['id', 'title']).execute(),
    trx.selectFrom('points_goods').select(['id', 'name as title']).execute(),
  ]);
  const idOf = (rows: { id: number; title: string }[], title: string): string => {
    const row = rows.find((r) => r.title === title);
    if (!row) throw new Error(`demo content versions: no item titled "${title}"`);
    return String(row.id);
  };
  const values: {
    kind: 'notice' | 'banner' | 'help' | 'goods';
    item_id: string;
    language: string;
    title: string;
    content?: string;
    category_title?: string;
  }[] = [];
  for (const language of demoVersionLanguages) {
    for (const [title, v] of Object.entries(demoNoticeVersions))
      values.push({
        kind: 'notice',
        item_id: idOf(notices, title),
        language,
        title: v[language].title,
        content: v[language].html,
      });
    for (const [title, v] of Object.entries(demoBannerVersions))
      values.push({ kind: 'banner', item_id: idOf(banners, title), language, title: v[language] });
    for (const [id, v] of Object.entries(demoHelpVersions))
      values.push({
        kind: 'help',
        item_id: id,
        language,
        title: v[language].title,
        content: v[language].html,
        category_title: v[language].category,
      });
    for (const [name, v] of Object.entries(demoGoodsVersions))
      values.push({ kind: 'goods', item_id: idOf(goods, name), language, title: v[language] });
  }
  await trx.insertInto('content_version').values(values).execute();
}
