/** Modal keys of the games feature (registered in app/registrations.ts). */
export const GameModalKeys = {
  vendorGames: 'gameVendorGames',
  launchProblem: 'gameLaunchProblem',
} as const;
