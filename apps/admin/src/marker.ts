/**
 * A string only the back-office console's code holds. The e2e suite scans the players' build
 * (apps/web/dist) for it and requires it in the console's build: a module of the console that
 * found its way into the players' bundles would carry it there (decision 032).
 */
export const ADMIN_MARKER = 'lottery-back-office-console-7c1e';
