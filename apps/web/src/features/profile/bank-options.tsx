import type { Bank } from '@app/contract';

/** A bank select's options: "choose" first (no value), then each bank by name. */
export function BankOptions({ banks, chooseLabel }: { banks: Bank[]; chooseLabel: string }) {
  return (
    <>
      <option value="">{chooseLabel}</option>
      {banks.map((b) => (
        <option key={b.bankCode} value={b.bankCode}>
          {b.bankName}
        </option>
      ))}
    </>
  );
}
