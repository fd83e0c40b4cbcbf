/**
 * One object per language made on first use, and the English one for a tag the browser does not
 * take: for the `Intl` objects, whose making is the costly part (plural rules, number formats).
 */
export function perLanguage<T>(make: (language: string) => T): (language: string) => T {
  const made = new Map<string, T>();
  return (language) => {
    let value = made.get(language);
    if (value === undefined) {
      try {
        value = make(language);
      } catch {
        value = make('en');
      }
      made.set(language, value);
    }
    return value;
  };
}
