import { describe, expect, it } from 'vitest';
import { partnerFolder, partnerList } from './partners.ts';

const lane = (type: string, ...vendors: string[]) => ({
  gameClassify: type,
  cards: vendors.map((vassalage) => ({ vassalage })),
});

describe('footer partners', () => {
  const res = (vassalage: string, folder: string) => ({
    name: `partner${vassalage}`,
    resourceType: 'PARTNER',
    url: '',
    qrCodeUrl: '',
    labelNameEn: `${vassalage} label`,
    imageUrl: `/cdn/img1/TCG_PROD_IMAGES/PARTNER/${folder}/${vassalage}.png`,
  });

  it('NC-42 NC-43 the partner list leaves out TCG_SEA; logos from SV3 for sports, N2 for live and RNG for all others', () => {
    expect(['SPORTS', 'LIVE', 'RNG', 'FISH', 'ESPORTS', 'LOTT'].map(partnerFolder)).toEqual([
      'SV3',
      'N2',
      'RNG',
      'RNG',
      'RNG',
      'RNG',
    ]);
    const lanes = [
      lane('LOTT', 'TCG_SEA'),
      lane('LIVE', 'EVO'),
      lane('RNG', 'PG'),
      lane('SPORTS', 'SABA'),
      lane('FISH', 'JILI'),
    ];
    const list = partnerList(
      [
        res('TCG_SEA', 'RNG'),
        res('EVO', 'RNG'),
        res('PG', 'N2'),
        res('SABA', 'RNG'),
        res('JILI', 'SV3'),
        res('AG', 'N2'),
      ] as never,
      lanes,
    );
    expect(list.map((p) => p.logoPath)).toEqual([
      'PARTNER/N2/EVO.png',
      'PARTNER/RNG/PG.png',
      'PARTNER/SV3/SABA.png',
      'PARTNER/RNG/JILI.png',
      'PARTNER/N2/AG.png', // not in the vendor list: its resource's folder
    ]);
  });
});
