import { sql, type Kysely } from 'kysely';
import { standInOf, standInRtpBp, standInVolatility } from '@app/contract';

/**
 * The game catalogue the platform starts with (issue 8): vendors of every category under the
 * spec's vassalage codes and about 10,000 slots (NC-45). Deterministic: the same codes, names,
 * tags, RTP and volatility on every machine, so a nodeId a test or a bookmark names is stable.
 *
 * Nothing here pretends (decision 058): until an operator connects a vendor, each title opens its
 * sandbox stand-in of the same kind (contract stand-ins.ts), so its RTP and volatility are the
 * stand-in's proven ones, or none where they depend on the bet or the player's settings.
 *
 * Names are built from word lists translated per language, keyed by the language label the
 * original client sends (`language: "EN"`); a label without its own list reads English.
 */

/** Category of a vendor, as the original's gameType / gameCategory values spell them. */
export type GameCategory =
  'LOTT' | 'ELOTT' | 'LIVE' | 'RNG' | 'FISH' | 'PVP' | 'SPORTS' | 'ESPORTS' | 'CARDS' | 'BINGO';

export interface SeedVendor {
  vassalage: string;
  gameType: GameCategory;
  displayName: string;
  /** The original's account type of the vendor (1 the main wallet). */
  accountTypeId: number;
  isHot: boolean;
}

/** Every vendor: the partners already drawn on the cdn vendor cards, the spec's codes, the e-sports list. */
export const seedVendors: readonly SeedVendor[] = [
  { vassalage: 'TCG_SEA', gameType: 'LOTT', displayName: 'SEA Lottery', accountTypeId: 1, isHot: true },
  { vassalage: 'TCG_SEA', gameType: 'ELOTT', displayName: 'SEA E-Lottery', accountTypeId: 1, isHot: false },
  { vassalage: 'EVO', gameType: 'LIVE', displayName: 'Evolution', accountTypeId: 1, isHot: true },
  { vassalage: 'SEXY', gameType: 'LIVE', displayName: 'Sexy Baccarat', accountTypeId: 1, isHot: false },
  { vassalage: 'PP', gameType: 'LIVE', displayName: 'Pragmatic Play Live', accountTypeId: 1, isHot: false },
  { vassalage: 'PG', gameType: 'RNG', displayName: 'PG Soft', accountTypeId: 1, isHot: true },
  { vassalage: 'PP', gameType: 'RNG', displayName: 'Pragmatic Play', accountTypeId: 1, isHot: true },
  { vassalage: 'JILI', gameType: 'RNG', displayName: 'JILI', accountTypeId: 1, isHot: false },
  { vassalage: 'CQ9', gameType: 'RNG', displayName: 'CQ9', accountTypeId: 1, isHot: false },
  { vassalage: 'BGS', gameType: 'RNG', displayName: 'BGaming', accountTypeId: 1, isHot: false },
  { vassalage: 'KM', gameType: 'RNG', displayName: 'Kingmaker', accountTypeId: 1, isHot: false },
  // YBG is a slots vendor the navigation leaves out (NC-13); its games still list under /rng.
  { vassalage: 'YBG', gameType: 'RNG', displayName: 'YB Gaming', accountTypeId: 1, isHot: false },
  { vassalage: 'JILI', gameType: 'FISH', displayName: 'JILI Fishing', accountTypeId: 1, isHot: true },
  { vassalage: 'CQ9', gameType: 'FISH', displayName: 'CQ9 Fishing', accountTypeId: 1, isHot: false },
  { vassalage: 'KM', gameType: 'PVP', displayName: 'Kingmaker Rooms', accountTypeId: 1, isHot: false },
  { vassalage: 'JILI', gameType: 'PVP', displayName: 'JILI Rooms', accountTypeId: 1, isHot: false },
  { vassalage: 'SABA', gameType: 'SPORTS', displayName: 'Saba Sports', accountTypeId: 1, isHot: true },
  { vassalage: 'DS88', gameType: 'SPORTS', displayName: 'DS88 Sabong', accountTypeId: 1, isHot: false },
  { vassalage: 'IMES', gameType: 'ESPORTS', displayName: 'IM E-sports', accountTypeId: 1, isHot: false },
  { vassalage: 'SV388', gameType: 'ESPORTS', displayName: 'SV388', accountTypeId: 1, isHot: false },
  { vassalage: 'TF', gameType: 'ESPORTS', displayName: 'TF Gaming', accountTypeId: 1, isHot: false },
  { vassalage: 'IA', gameType: 'ESPORTS', displayName: 'IA E-sports', accountTypeId: 1, isHot: false },
  { vassalage: 'KM', gameType: 'CARDS', displayName: 'Kingmaker Cards', accountTypeId: 1, isHot: false },
  { vassalage: 'JILI', gameType: 'BINGO', displayName: 'JILI Bingo', accountTypeId: 1, isHot: false },
  // Vietnamese lottery (NC-01): the platform's own VN product, whose entry opens /vnlottery (GL-07).
  {
    vassalage: 'TCG_LOTTO_VN',
    gameType: 'LOTT',
    displayName: 'Vietnam Lottery',
    accountTypeId: 1,
    isHot: false,
  },
];

/** Language labels with their own word lists; other offered labels read English. */
export const nameLanguages = ['EN', 'CN', 'TH', 'VI'] as const;
type Words = Record<(typeof nameLanguages)[number], string>;

const adjectives: readonly Words[] = [
  { EN: 'Golden', CN: '黄金', TH: 'ทองคำ', VI: 'Vàng' },
  { EN: 'Lucky', CN: '幸运', TH: 'โชคดี', VI: 'May Mắn' },
  { EN: 'Mighty', CN: '强大', TH: 'ทรงพลัง', VI: 'Hùng Mạnh' },
  { EN: 'Wild', CN: '狂野', TH: 'ป่าเถื่อน', VI: 'Hoang Dã' },
  { EN: 'Royal', CN: '皇家', TH: 'รอยัล', VI: 'Hoàng Gia' },
  { EN: 'Mystic', CN: '神秘', TH: 'ลึกลับ', VI: 'Huyền Bí' },
  { EN: 'Fiery', CN: '烈焰', TH: 'เพลิง', VI: 'Rực Lửa' },
  { EN: 'Jade', CN: '翡翠', TH: 'หยก', VI: 'Ngọc Bích' },
  { EN: 'Crystal', CN: '水晶', TH: 'คริสตัล', VI: 'Pha Lê' },
  { EN: 'Thunder', CN: '雷霆', TH: 'สายฟ้า', VI: 'Sấm Sét' },
  { EN: 'Silver', CN: '白银', TH: 'เงิน', VI: 'Bạc' },
  { EN: 'Ancient', CN: '远古', TH: 'โบราณ', VI: 'Cổ Đại' },
  { EN: 'Sacred', CN: '神圣', TH: 'ศักดิ์สิทธิ์', VI: 'Linh Thiêng' },
  { EN: 'Blazing', CN: '炽热', TH: 'ลุกโชน', VI: 'Bùng Cháy' },
  { EN: 'Frozen', CN: '冰封', TH: 'เยือกแข็ง', VI: 'Băng Giá' },
  { EN: 'Emerald', CN: '祖母绿', TH: 'มรกต', VI: 'Lục Bảo' },
  { EN: 'Cosmic', CN: '宇宙', TH: 'จักรวาล', VI: 'Vũ Trụ' },
  { EN: 'Happy', CN: '快乐', TH: 'สุขสันต์', VI: 'Vui Vẻ' },
  { EN: 'Secret', CN: '秘密', TH: 'ความลับ', VI: 'Bí Mật' },
  { EN: 'Imperial', CN: '帝国', TH: 'จักรพรรดิ', VI: 'Đế Vương' },
  { EN: 'Shining', CN: '闪耀', TH: 'เปล่งประกาย', VI: 'Tỏa Sáng' },
  { EN: 'Neon', CN: '霓虹', TH: 'นีออน', VI: 'Neon' },
  { EN: 'Spirit', CN: '灵魂', TH: 'วิญญาณ', VI: 'Linh Hồn' },
  { EN: 'Ruby', CN: '红宝石', TH: 'ทับทิม', VI: 'Hồng Ngọc' },
  { EN: 'Hidden', CN: '隐藏', TH: 'ซ่อนเร้น', VI: 'Ẩn Giấu' },
];

const nouns: readonly Words[] = [
  { EN: 'Dragon', CN: '龙', TH: 'มังกร', VI: 'Rồng' },
  { EN: 'Tiger', CN: '虎', TH: 'เสือ', VI: 'Hổ' },
  { EN: 'Phoenix', CN: '凤凰', TH: 'ฟีนิกซ์', VI: 'Phượng Hoàng' },
  { EN: 'Fortune', CN: '财富', TH: 'โชคลาภ', VI: 'Tài Lộc' },
  { EN: 'Temple', CN: '神殿', TH: 'วิหาร', VI: 'Đền Thờ' },
  { EN: 'Lotus', CN: '莲花', TH: 'ดอกบัว', VI: 'Hoa Sen' },
  { EN: 'Koi', CN: '锦鲤', TH: 'ปลาคาร์ป', VI: 'Cá Chép' },
  { EN: 'Panda', CN: '熊猫', TH: 'แพนด้า', VI: 'Gấu Trúc' },
  { EN: 'Treasure', CN: '宝藏', TH: 'สมบัติ', VI: 'Kho Báu' },
  { EN: 'Empress', CN: '女皇', TH: 'จักรพรรดินี', VI: 'Nữ Hoàng' },
  { EN: 'Pharaoh', CN: '法老', TH: 'ฟาโรห์', VI: 'Pharaoh' },
  { EN: 'Buffalo', CN: '水牛', TH: 'ควาย', VI: 'Trâu Rừng' },
  { EN: 'Gems', CN: '宝石', TH: 'อัญมณี', VI: 'Đá Quý' },
  { EN: 'Wolf', CN: '狼', TH: 'หมาป่า', VI: 'Sói' },
  { EN: 'Samurai', CN: '武士', TH: 'ซามูไร', VI: 'Samurai' },
  { EN: 'Lantern', CN: '灯笼', TH: 'โคมไฟ', VI: 'Đèn Lồng' },
  { EN: 'Pirates', CN: '海盗', TH: 'โจรสลัด', VI: 'Cướp Biển' },
  { EN: 'Fruits', CN: '水果', TH: 'ผลไม้', VI: 'Trái Cây' },
  { EN: 'Goddess', CN: '女神', TH: 'เทพธิดา', VI: 'Nữ Thần' },
  { EN: 'Jungle', CN: '丛林', TH: 'ป่า', VI: 'Rừng Xanh' },
  { EN: 'Ocean', CN: '海洋', TH: 'มหาสมุทร', VI: 'Đại Dương' },
  { EN: 'Mahjong', CN: '麻将', TH: 'ไพ่นกกระจอก', VI: 'Mạt Chược' },
  { EN: 'Candy', CN: '糖果', TH: 'ลูกอม', VI: 'Kẹo Ngọt' },
  { EN: 'Bonanza', CN: '富矿', TH: 'โบนันซ่า', VI: 'Bội Thu' },
  { EN: 'Kingdom', CN: '王国', TH: 'อาณาจักร', VI: 'Vương Quốc' },
];

/** Editions of a title; '' is the original, each other one is a sequel or a mechanic variant. */
const editions: readonly Words[] = [
  { EN: '', CN: '', TH: '', VI: '' },
  { EN: 'Deluxe', CN: '豪华版', TH: 'ดีลักซ์', VI: 'Cao Cấp' },
  { EN: 'Megaways', CN: 'Megaways', TH: 'Megaways', VI: 'Megaways' },
  { EN: 'Hold & Win', CN: '锁定赢', TH: 'Hold & Win', VI: 'Giữ & Thắng' },
  { EN: '2', CN: '2', TH: '2', VI: '2' },
  { EN: 'Rising', CN: '崛起', TH: 'รุ่งโรจน์', VI: 'Trỗi Dậy' },
  { EN: 'Jackpot', CN: '奖池', TH: 'แจ็คพอต', VI: 'Jackpot' },
  { EN: 'Riches', CN: '致富', TH: 'ร่ำรวย', VI: 'Giàu Sang' },
  { EN: 'Quest', CN: '探险', TH: 'ภารกิจ', VI: 'Phiêu Lưu' },
  { EN: 'Blitz', CN: '闪电战', TH: 'บลิทซ์', VI: 'Chớp Nhoáng' },
  { EN: 'Xmas', CN: '圣诞', TH: 'คริสต์มาส', VI: 'Giáng Sinh' },
  { EN: 'Power Reels', CN: '能量转轴', TH: 'พาวเวอร์รีล', VI: 'Cuộn Sức Mạnh' },
  { EN: 'Cash Link', CN: '现金连线', TH: 'แคชลิงก์', VI: 'Liên Kết Tiền' },
  { EN: 'Ways', CN: '多路', TH: 'เวย์', VI: 'Nhiều Đường' },
  { EN: 'Infinity', CN: '无限', TH: 'อินฟินิตี้', VI: 'Vô Cực' },
  { EN: 'Legends', CN: '传奇', TH: 'ตำนาน', VI: 'Huyền Thoại' },
];

const slotVendors = ['PG', 'PP', 'JILI', 'CQ9', 'BGS', 'KM', 'YBG'] as const;

/** A small deterministic generator (mulberry32): the catalogue is the same on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedGame {
  nodeId: string;
  gameId: string;
  vassalage: string;
  gameType: GameCategory;
  names: Record<string, string>;
  isNew: boolean;
  isHot: boolean;
  /** Return to player in basis points (9650 = 96.50 %); null where the game has none. */
  rtpBp: number | null;
  volatility: string | null;
  sort: number;
}

function join(...parts: string[]): string {
  return parts.filter(Boolean).join(' ');
}

/** The slots: every adjective × noun × edition once (25 × 25 × 16 = 10,000), spread over the slot vendors. */
export function seedSlotGames(): SeedGame[] {
  const rand = prng(20261123);
  const out: SeedGame[] = [];
  let n = 0;
  for (const edition of editions) {
    for (const adjective of adjectives) {
      for (const noun of nouns) {
        n += 1;
        const names: Record<string, string> = {};
        for (const lang of nameLanguages) {
          // Chinese titles read without spaces.
          names[lang] =
            lang === 'CN'
              ? `${adjective[lang]}${noun[lang]}${edition[lang]}`
              : join(adjective[lang], noun[lang], edition[lang]);
        }
        const vassalage = slotVendors[Math.floor(rand() * slotVendors.length)]!;
        const roll = rand();
        // The draws that once made up an RTP and a volatility stay (discarded), so every later draw
        // (the next titles' vendors and tags) is what it was: a title's volatility is its stand-in's,
        // the class of the house slot's exact variance (decision 058), like its RTP.
        rand();
        rand();
        out.push({
          nodeId: String(100000 + n),
          gameId: `${vassalage}-${String(n).padStart(5, '0')}`,
          vassalage,
          gameType: 'RNG',
          names,
          isNew: roll < 0.03,
          isHot: roll > 0.985,
          rtpBp: standInRtpBp(standInOf('RNG', names.EN!)),
          volatility: standInVolatility(standInOf('RNG', names.EN!)),
          sort: n,
        });
      }
    }
  }
  return out;
}

/** The other categories' titles: a handful per vendor, named plainly (tables, fish halls, rooms). */
const otherTitles: Partial<Record<GameCategory, Words[]>> = {
  LIVE: [
    { EN: 'Baccarat', CN: '百家乐', TH: 'บาคาร่า', VI: 'Baccarat' },
    { EN: 'Roulette', CN: '轮盘', TH: 'รูเล็ต', VI: 'Roulette' },
    { EN: 'Dragon Tiger', CN: '龙虎', TH: 'เสือมังกร', VI: 'Rồng Hổ' },
    { EN: 'Sic Bo', CN: '骰宝', TH: 'ไฮโล', VI: 'Tài Xỉu' },
  ],
  FISH: [
    { EN: 'Ocean King', CN: '海王', TH: 'ราชาแห่งท้องทะเล', VI: 'Vua Đại Dương' },
    { EN: 'Fishing War', CN: '捕鱼大战', TH: 'สงครามตกปลา', VI: 'Chiến Tranh Câu Cá' },
  ],
  PVP: [
    { EN: 'Texas Poker Room', CN: '德州扑克房', TH: 'ห้องเท็กซัสโป๊กเกอร์', VI: 'Phòng Poker Texas' },
    { EN: 'Tongits Room', CN: '通吉斯房', TH: 'ห้องตองอิท', VI: 'Phòng Tongits' },
  ],
  CARDS: [
    { EN: 'Blackjack', CN: '二十一点', TH: 'แบล็คแจ็ค', VI: 'Xì Dách' },
    { EN: 'Teen Patti', CN: '三张牌', TH: 'ทีนปัตตี', VI: 'Teen Patti' },
  ],
  BINGO: [
    { EN: 'Bingo Carnival', CN: '宾果嘉年华', TH: 'บิงโกคาร์นิวัล', VI: 'Lễ Hội Bingo' },
    { EN: 'Pachinko Bingo', CN: '弹珠宾果', TH: 'ปาจิงโกะบิงโก', VI: 'Bingo Pachinko' },
  ],
};

export function seedOtherGames(): SeedGame[] {
  const out: SeedGame[] = [];
  let n = 0;
  for (const vendor of seedVendors) {
    const titles = otherTitles[vendor.gameType];
    if (!titles) continue;
    for (const title of titles) {
      n += 1;
      out.push({
        nodeId: String(500000 + n),
        gameId: `${vendor.vassalage}-${vendor.gameType}-${n}`,
        vassalage: vendor.vassalage,
        gameType: vendor.gameType,
        names: { ...title },
        isNew: false,
        isHot: n % 5 === 1,
        rtpBp: standInRtpBp(standInOf(vendor.gameType, title.EN)),
        volatility: null,
        sort: n,
      });
    }
  }
  return out;
}

/**
 * The sports and e-sports vendors are each one game: the vendor's own lobby (a sportsbook, a
 * cockfight arena), started directly from its entry (GL-03, GL-04). New numbers (600001…) so the
 * other games keep theirs; the `SPORTS`/`ESPORTS` part of the code opens the sandbox's table.
 */
const lobbyTitles: Record<string, Words> = {
  SABA: { EN: 'Saba Sportsbook', CN: '沙巴体育', TH: 'ซาบ้า สปอร์ตบุ๊ค', VI: 'Saba Thể Thao' },
  DS88: { EN: 'DS88 Sabong Arena', CN: 'DS88 斗鸡场', TH: 'สนามไก่ชน DS88', VI: 'Đấu Trường Gà DS88' },
  IMES: { EN: 'IM E-sports Lobby', CN: 'IM 电竞大厅', TH: 'ล็อบบี้ IM อีสปอร์ต', VI: 'Sảnh IM Thể Thao Điện Tử' },
  SV388: { EN: 'SV388 Arena', CN: 'SV388 竞技场', TH: 'สนาม SV388', VI: 'Đấu Trường SV388' },
  TF: { EN: 'TF Gaming E-sports', CN: 'TF 电竞', TH: 'TF เกมมิ่ง อีสปอร์ต', VI: 'TF Gaming Thể Thao Điện Tử' },
  IA: { EN: 'IA E-sports Lobby', CN: 'IA 电竞大厅', TH: 'ล็อบบี้ IA อีสปอร์ต', VI: 'Sảnh IA Thể Thao Điện Tử' },
};

export function seedLobbyGames(): SeedGame[] {
  const out: SeedGame[] = [];
  for (const vendor of seedVendors) {
    const title = lobbyTitles[vendor.vassalage];
    if (!title || (vendor.gameType !== 'SPORTS' && vendor.gameType !== 'ESPORTS')) continue;
    out.push({
      nodeId: String(600000 + out.length + 1),
      gameId: `${vendor.vassalage}-${vendor.gameType}-LOBBY`,
      vassalage: vendor.vassalage,
      gameType: vendor.gameType,
      names: { ...title },
      isNew: false,
      isHot: false,
      rtpBp: standInRtpBp(standInOf(vendor.gameType, title.EN)),
      volatility: null,
      sort: out.length + 1,
    });
  }
  return out;
}

function vendorRows(vendors: readonly SeedVendor[]) {
  return vendors.map(
    (v) =>
      sql`(${v.vassalage}, ${v.gameType}, ${v.displayName}, ${v.accountTypeId}, ${v.isHot}, ${seedVendors.indexOf(v)})`,
  );
}

/** Inserts games in chunks that keep each statement well under the parameter limit (11 per row). */
async function insertGames(db: Kysely<unknown>, games: readonly SeedGame[]) {
  for (let i = 0; i < games.length; i += 1000) {
    const values = games
      .slice(i, i + 1000)
      .map(
        (g) =>
          sql`(${g.nodeId}, ${g.gameId}, ${g.vassalage}, ${g.gameType}, ${JSON.stringify(g.names)}::jsonb, ${searchText(g.names)}, ${g.isNew}, ${g.isHot}, ${g.rtpBp}, ${g.volatility}, ${g.sort})`,
      );
    await sql`
      insert into game (node_id, game_id, vassalage, game_type, names, search_text, is_new, is_hot, rtp_bp, volatility, sort)
      values ${sql.join(values)}`.execute(db);
  }
}

/** Inserts the demo catalogue when the vendor table is empty (the seed of an empty database). */
export async function seedGamesCatalogue(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from game_vendor`.execute(db);
  if (Number(rows[0]?.n ?? 0) > 0) return;
  await sql`
    insert into game_vendor (vassalage, game_type, display_name, account_type_id, is_hot, sort)
    values ${sql.join(vendorRows(seedVendors))}`.execute(db);
  await insertGames(db, [...seedSlotGames(), ...seedOtherGames(), ...seedLobbyGames()]);
  // Three tables (stake levels, minor units) for each PvP game; the players seated are read from
  // the open rounds, so the room list shows real play.
  await sql`
    insert into pvp_room (room_id, node_id, level, min_bet, max_bet, seats, sort)
    select g.game_id || '-' || l.suffix, g.node_id, l.level, l.min_bet, l.max_bet, l.seats, g.sort * 10 + l.n
    from game g
    cross join (values
      (1, 'R1', 'BEGINNER', 100, 10000, 6),
      (2, 'R2', 'STANDARD', 1000, 100000, 6),
      (3, 'R3', 'VIP', 10000, 1000000, 4)
    ) as l(n, suffix, level, min_bet, max_bet, seats)
    where g.game_type = 'PVP'`.execute(db);
}

/** Every name of a game, lowercased: the name search matches a title in any language. */
export function searchText(names: Record<string, string>): string {
  return Object.values(names)
    .map((s) => s.toLowerCase())
    .join('\n');
}
