import { FAMILIES, type Family } from '@app/contract';

/** The rules family of a game group (the rules name families by gameGroupCode). */
export function familyOfGroup(groupCode: string): Family {
  const code = groupCode.toUpperCase();
  return FAMILIES.find((f) => f === code) ?? 'SSC';
}

/** Vietnamese results: 27 or 18 numbers of several lengths, read as a prize sheet. */
export const isVn = (family: string) => family.startsWith('VN');

/** A short badge for the lobby card. */
export function familyBadge(family: Family): string {
  return isVn(family) ? 'VN' : family;
}
