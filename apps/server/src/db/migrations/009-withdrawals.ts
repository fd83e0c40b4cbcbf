import { sql, type Kysely } from 'kysely';

/**
 * Withdrawals, bank accounts and scheduled jobs (issue #4, decision 017).
 *
 * - `bank`: the banks a member may bind an account of, for the countries the site serves, with
 *   the digit count of their account numbers. Reference data every database needs, so it is
 *   written here rather than by the demo seed.
 * - `bank_account`: a member's bound accounts; removal is soft so requests keep their history.
 * - `withdrawal`, `withdrawal_event` (the timeline), `withdrawal_proof` (proof images: their
 *   bytes in the row on PostgreSQL, which every instance reaches; as files under DATA_DIR on the
 *   embedded PGlite, which copies large parameters slowly).
 * - `job_run`: one row per job and time window; its primary key makes a window run once however
 *   many instances try (platform/jobs).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bank (
      code text primary key check (code ~ '^[A-Z0-9_]{2,20}$'),
      country_code text not null check (country_code ~ '^[A-Z]{2}$'),
      name text not null,
      account_min_length integer not null check (account_min_length >= 4),
      account_max_length integer not null,
      enabled boolean not null default true,
      sort integer not null default 0,
      constraint bank_lengths check (account_max_length >= account_min_length and account_max_length <= 34)
    )`.execute(db);
  const banks: [string, string, string, number, number][] = [
    // Thailand: 10-digit accounts; the state savings and agricultural banks use 12.
    ['BBL', 'TH', 'Bangkok Bank', 10, 10],
    ['KBANK', 'TH', 'Kasikornbank', 10, 10],
    ['SCB', 'TH', 'Siam Commercial Bank', 10, 10],
    ['KTB', 'TH', 'Krungthai Bank', 10, 10],
    ['BAY', 'TH', 'Krungsri (Bank of Ayudhya)', 10, 10],
    ['TTB', 'TH', 'TMBThanachart Bank', 10, 10],
    ['GSB', 'TH', 'Government Savings Bank', 12, 12],
    ['BAAC', 'TH', 'Bank for Agriculture and Agricultural Cooperatives', 12, 12],
    ['KKP', 'TH', 'Kiatnakin Phatra Bank', 10, 10],
    ['CIMBT', 'TH', 'CIMB Thai Bank', 10, 10],
    // Vietnam.
    ['VCB', 'VN', 'Vietcombank', 10, 13],
    ['CTG', 'VN', 'VietinBank', 12, 12],
    ['BIDV', 'VN', 'BIDV', 12, 14],
    ['VBA', 'VN', 'Agribank', 13, 13],
    ['TCB', 'VN', 'Techcombank', 12, 14],
    ['MBB', 'VN', 'MB Bank', 9, 13],
    ['ACB', 'VN', 'Asia Commercial Bank (ACB)', 6, 9],
    ['STB', 'VN', 'Sacombank', 12, 12],
    ['VPB', 'VN', 'VPBank', 8, 10],
    ['TPB', 'VN', 'TPBank', 11, 11],
    // Malaysia.
    ['MBBM', 'MY', 'Maybank', 12, 12],
    ['CIMBM', 'MY', 'CIMB Bank', 10, 14],
    ['PBB', 'MY', 'Public Bank', 10, 10],
    ['RHB', 'MY', 'RHB Bank', 14, 14],
    ['HLB', 'MY', 'Hong Leong Bank', 11, 12],
    ['AMB', 'MY', 'AmBank', 13, 13],
    ['BIMB', 'MY', 'Bank Islam', 14, 14],
    // Myanmar.
    ['KBZ', 'MM', 'KBZ Bank', 17, 17],
    ['CBB', 'MM', 'CB Bank', 16, 16],
    ['AYA', 'MM', 'AYA Bank', 11, 20],
    ['YOMA', 'MM', 'Yoma Bank', 12, 15],
    // Philippines.
    ['BDO', 'PH', 'BDO Unibank', 10, 12],
    ['BPI', 'PH', 'Bank of the Philippine Islands', 10, 10],
    ['MBT', 'PH', 'Metrobank', 13, 13],
    ['LBP', 'PH', 'Land Bank of the Philippines', 10, 10],
    ['UBP', 'PH', 'UnionBank of the Philippines', 12, 12],
    // Indonesia.
    ['BCA', 'ID', 'Bank Central Asia (BCA)', 10, 10],
    ['BMRI', 'ID', 'Bank Mandiri', 13, 13],
    ['BRI', 'ID', 'Bank Rakyat Indonesia (BRI)', 15, 15],
    ['BNI', 'ID', 'Bank Negara Indonesia (BNI)', 10, 10],
    ['BNGA', 'ID', 'CIMB Niaga', 12, 14],
    // Cambodia.
    ['ABA', 'KH', 'ABA Bank', 9, 9],
    ['ACLEDA', 'KH', 'ACLEDA Bank', 12, 16],
    ['CPB', 'KH', 'Canadia Bank', 12, 13],
  ];
  await sql`
    insert into bank (code, country_code, name, account_min_length, account_max_length, sort)
    values ${sql.join(banks.map(([code, cc, name, min, max], i) => sql`(${code}, ${cc}, ${name}, ${min}, ${max}, ${i})`))}`.execute(
    db,
  );

  await sql`
    create table bank_account (
      id bigserial primary key,
      member_id bigint not null references member(id) on delete restrict,
      bank_code text not null references bank(code),
      payee_name text not null,
      account_number text not null check (account_number ~ '^[0-9]{4,34}$'),
      branch text not null default '',
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index bank_account_member on bank_account (member_id, id) where deleted_at is null`.execute(
    db,
  );
  // One live binding per real account: the same account number cannot be bound by two members.
  await sql`create unique index bank_account_number on bank_account (bank_code, account_number) where deleted_at is null`.execute(
    db,
  );

  await sql`
    create table withdrawal (
      id bigserial primary key,
      member_id bigint not null references member(id) on delete restrict,
      request_id text,
      amount bigint not null check (amount > 0),
      currency text not null,
      bank_account_id bigint not null references bank_account(id),
      bank_code text not null,
      bank_name text not null,
      payee_name text not null,
      account_number text not null,
      status text not null default 'PENDING' check (status in
        ('PENDING','APPROVED','REJECTED','CANCELLED','PAID','RECEIVED','PARTLY_RECEIVED','NOT_RECEIVED','REFUNDED')),
      received_amount bigint check (received_amount > 0),
      refund_amount bigint check (refund_amount > 0),
      forced_received boolean not null default false,
      refund_forfeited boolean not null default false,
      remark text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      paid_at timestamptz,
      confirmed_at timestamptz,
      constraint withdrawal_request unique (member_id, request_id),
      constraint withdrawal_partly check ((status = 'PARTLY_RECEIVED') <= (received_amount is not null)),
      constraint withdrawal_received_below check (received_amount is null or received_amount < amount)
    )`.execute(db);
  await sql`create index withdrawal_member on withdrawal (member_id, id desc)`.execute(db);
  await sql`create index withdrawal_member_day on withdrawal (member_id, created_at)`.execute(db);
  // The auto-confirm job's scan: payouts waiting for an answer, oldest first.
  await sql`create index withdrawal_paid on withdrawal (paid_at) where status = 'PAID'`.execute(db);
  await sql`create index withdrawal_open on withdrawal (id) where status in ('PENDING','APPROVED')`.execute(
    db,
  );

  await sql`
    create table withdrawal_event (
      id bigserial primary key,
      withdrawal_id bigint not null references withdrawal(id) on delete restrict,
      status text not null,
      actor text not null check (actor in ('member','operator','system')),
      note text not null default '',
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index withdrawal_event_withdrawal on withdrawal_event (withdrawal_id, id)`.execute(db);

  await sql`
    create table withdrawal_proof (
      id bigserial primary key,
      withdrawal_id bigint not null references withdrawal(id) on delete restrict,
      member_id bigint not null references member(id) on delete restrict,
      content_type text not null check (content_type in ('image/png','image/jpeg')),
      size integer not null check (size > 0 and size <= 5242880),
      sha256 bytea not null,
      -- The bytes themselves on PostgreSQL; null when they are a file under DATA_DIR (PGlite).
      content bytea,
      created_at timestamptz not null default now(),
      constraint withdrawal_proof_size check (content is null or octet_length(content) = size)
    )`.execute(db);
  await sql`create index withdrawal_proof_withdrawal on withdrawal_proof (withdrawal_id, id)`.execute(db);

  await sql`
    create table job_run (
      job text not null,
      window_start timestamptz not null,
      window_end timestamptz not null,
      status text not null check (status in ('running','done','failed')),
      attempts integer not null default 1,
      instance text not null default '',
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      last_error text not null default '',
      primary key (job, window_start)
    )`.execute(db);
}
