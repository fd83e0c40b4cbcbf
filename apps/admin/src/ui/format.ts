/** Times as staff read them: local date and time to the second (the audit log's precision matters). */
export const dateTime = (ms: number): string =>
  new Date(ms).toLocaleString('en-GB', {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

export const dateOnly = (ms: number): string =>
  new Date(ms).toLocaleDateString('en-GB', { year: 'numeric', month: 'short', day: '2-digit' });

export const count = (n: number): string => n.toLocaleString('en-GB');
