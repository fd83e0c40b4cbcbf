import { peekBrand } from '../../shared/brand/brand.ts';

/** The decimals of the brand's currency: the rules' minor units (amounts are shown by shared/i18n/money.ts). */
export const precision = () => peekBrand()?.currency.precision ?? 2;
