import { useBrand } from '../../shared/brand/brand.ts';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { resourceNamed, useSystemInfo } from '../../shared/system/system-status.ts';

/** The brand logo for the VIP page's own bar (the page has no site header). */
export function Logo() {
  const brand = useBrand();
  const url = resourceNamed(useSystemInfo(), 'logo')?.imageUrl;
  return url ? (
    <img src={cdnImage(url)} alt={brand.brandName} width={135} height={36} />
  ) : (
    <span>{brand.brandName}</span>
  );
}
