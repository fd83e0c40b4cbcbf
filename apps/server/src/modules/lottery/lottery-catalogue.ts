/**
 * The lottery games we run (issue 9), with their schedules as data. Migration 015 inserts them
 * when the table is empty (reference data: every database has them); operators add more with
 * `npm run ops -- lottery game add ...`.
 *
 * Schedules:
 * - fast games draw every `intervalS` seconds around the clock of their zone, numbered
 *   `YYYYMMDD-NNNN` (NNNN from 0001 at the zone's midnight);
 * - daily games draw at `drawTime` (zone time) on `drawDays` (0 Sunday … 6 Saturday), numbered
 *   `YYYYMMDD`. The North's province changes by weekday (`calendar`).
 *
 * Vietnamese traditional results come from the official provincial draw and are entered by the
 * operator; `sandbox` lets our own commit-reveal draw stand in for demos.
 * Times: research/lottery.md §2 (North 18:15, Central 17:15, South 16:15 ICT); 4D Wed/Sat/Sun
 * 18:30 SGT.
 */
export interface LotteryGameSeed {
  code: string;
  remark: string;
  family: string;
  /** Region or province label shown beside the name ("" for fast games). */
  region: string;
  intervalS: number;
  drawTime: string;
  drawDays: number[];
  lockS: number;
  utcOffsetMin: number;
  resultSource: 'RNG' | 'OFFICIAL';
  sandbox: boolean;
  defaultPlayType: number;
  calendar: Record<string, string>;
  popularity: number;
}

const ICT = 7 * 60;
const SGT = 8 * 60;
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

const fast = (
  code: string,
  remark: string,
  family: string,
  intervalS: number,
  lockS: number,
  popularity: number,
): LotteryGameSeed => ({
  code,
  remark,
  family,
  region: '',
  intervalS,
  drawTime: '00:00',
  drawDays: EVERY_DAY,
  lockS,
  utcOffsetMin: ICT,
  resultSource: 'RNG',
  sandbox: false,
  defaultPlayType: 1,
  calendar: {},
  popularity,
});

const province = (
  code: string,
  remark: string,
  family: 'VNSOUTH' | 'VNCENTRAL',
  drawDays: number[],
): LotteryGameSeed => ({
  code,
  remark,
  family,
  region: family === 'VNSOUTH' ? 'Miền Nam' : 'Miền Trung',
  intervalS: 0,
  drawTime: family === 'VNSOUTH' ? '16:15' : '17:15',
  drawDays,
  lockS: 15 * 60,
  utcOffsetMin: ICT,
  resultSource: 'OFFICIAL',
  sandbox: true,
  defaultPlayType: 1,
  calendar: {},
  popularity: 10,
});

// Weekdays: 0 Sunday, 1 Monday … 6 Saturday.
export const lotteryCatalogue: LotteryGameSeed[] = [
  fast('SSC1', '5D 1 minute', 'SSC', 60, 5, 90),
  fast('SSC3', '5D 3 minutes', 'SSC', 180, 15, 70),
  fast('SSC5', '5D 5 minutes', 'SSC', 300, 30, 80),
  fast('11X53', '11x5 3 minutes', '11X5', 180, 15, 60),
  fast('K31', 'Fast 3 1 minute', 'K3', 60, 5, 75),
  fast('PK105', 'PK10 5 minutes', 'PK10', 300, 30, 65),
  fast('VNF1', 'Vietnam fast 1 minute', 'VNFAST', 60, 5, 95),
  fast('VNF5', 'Vietnam fast 5 minutes', 'VNFAST', 300, 30, 100),
  {
    code: 'XSMB',
    remark: 'Miền Bắc',
    family: 'VNNORTH',
    region: 'Miền Bắc',
    intervalS: 0,
    drawTime: '18:15',
    drawDays: EVERY_DAY,
    lockS: 15 * 60,
    utcOffsetMin: ICT,
    resultSource: 'OFFICIAL',
    sandbox: true,
    defaultPlayType: 1,
    // The North draws in one province a day (research §2).
    calendar: {
      '0': 'Thái Bình',
      '1': 'Hà Nội',
      '2': 'Quảng Ninh',
      '3': 'Bắc Ninh',
      '4': 'Hà Nội',
      '5': 'Hải Phòng',
      '6': 'Nam Định',
    },
    popularity: 85,
  },
  // South: 3 provinces a day, 4 on Saturday.
  province('XSHCM', 'TP. Hồ Chí Minh', 'VNSOUTH', [1, 6]),
  province('XSDT', 'Đồng Tháp', 'VNSOUTH', [1]),
  province('XSCM', 'Cà Mau', 'VNSOUTH', [1]),
  province('XSBTR', 'Bến Tre', 'VNSOUTH', [2]),
  province('XSVT', 'Vũng Tàu', 'VNSOUTH', [2]),
  province('XSBL', 'Bạc Liêu', 'VNSOUTH', [2]),
  province('XSDN', 'Đồng Nai', 'VNSOUTH', [3]),
  province('XSCT', 'Cần Thơ', 'VNSOUTH', [3]),
  province('XSST', 'Sóc Trăng', 'VNSOUTH', [3]),
  province('XSTN', 'Tây Ninh', 'VNSOUTH', [4]),
  province('XSAG', 'An Giang', 'VNSOUTH', [4]),
  province('XSBTH', 'Bình Thuận', 'VNSOUTH', [4]),
  province('XSVL', 'Vĩnh Long', 'VNSOUTH', [5]),
  province('XSBD', 'Bình Dương', 'VNSOUTH', [5]),
  province('XSTV', 'Trà Vinh', 'VNSOUTH', [5]),
  province('XSLA', 'Long An', 'VNSOUTH', [6]),
  province('XSBP', 'Bình Phước', 'VNSOUTH', [6]),
  province('XSHG', 'Hậu Giang', 'VNSOUTH', [6]),
  province('XSTG', 'Tiền Giang', 'VNSOUTH', [0]),
  province('XSKG', 'Kiên Giang', 'VNSOUTH', [0]),
  province('XSDL', 'Đà Lạt', 'VNSOUTH', [0]),
  // Central: 2 a day, 3 on Thursday and Saturday.
  province('XSTTH', 'Thừa Thiên Huế', 'VNCENTRAL', [1]),
  province('XSPY', 'Phú Yên', 'VNCENTRAL', [1]),
  province('XSDLK', 'Đắk Lắk', 'VNCENTRAL', [2]),
  province('XSQNM', 'Quảng Nam', 'VNCENTRAL', [2]),
  province('XSDNG', 'Đà Nẵng', 'VNCENTRAL', [3, 6]),
  province('XSKH', 'Khánh Hòa', 'VNCENTRAL', [3, 0]),
  province('XSBDI', 'Bình Định', 'VNCENTRAL', [4]),
  province('XSQT', 'Quảng Trị', 'VNCENTRAL', [4]),
  province('XSQB', 'Quảng Bình', 'VNCENTRAL', [4]),
  province('XSGL', 'Gia Lai', 'VNCENTRAL', [5]),
  province('XSNT', 'Ninh Thuận', 'VNCENTRAL', [5]),
  province('XSQNG', 'Quảng Ngãi', 'VNCENTRAL', [6]),
  province('XSDNO', 'Đắk Nông', 'VNCENTRAL', [6]),
  province('XSKT', 'Kon Tum', 'VNCENTRAL', [0]),
  {
    code: '4D',
    remark: '4D',
    family: '4D',
    region: '',
    intervalS: 0,
    drawTime: '18:30',
    drawDays: [0, 3, 6],
    lockS: 30 * 60,
    utcOffsetMin: SGT,
    resultSource: 'RNG',
    sandbox: false,
    defaultPlayType: 1,
    calendar: {},
    popularity: 50,
  },
];
