/**
 * Where the platform's own art is addressed: the first image host of the default cdn settings
 * (`/cdn/img1`, modules/system) under the spec's `TCG_PROD_IMAGES` root, served by cdn.routes.ts.
 * Run-time code (the games' vendor art) and the demo seed's content both point here.
 */
export const ART_ROOT = '/cdn/img1/TCG_PROD_IMAGES';
