// Line icons (24 x 24, drawn with the text colour) per kind of extra; decoration only, the name says it all.
const SHIELD = 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z';
const ICONS: Record<string, string[]> = {
  ssl: [SHIELD, 'M9 12l2 2 4-4'],
  wildcard: [SHIELD, 'M12 8v8', 'M8.5 10l7 4', 'M15.5 10l-7 4'],
  ip: ['M12 3a9 9 0 100 18 9 9 0 000-18z', 'M3 12h18', 'M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9', 'M12 3c-2.5 2.5-3.8 5.5-3.8 9s1.3 6.5 3.8 9'],
  mail: ['M3 6h18v12H3z', 'M3 7l9 6 9-6'],
  sla: ['M12 3a9 9 0 100 18 9 9 0 000-18z', 'M12 7v5l3 2'],
  support: ['M4 14v-2a8 8 0 0116 0v2', 'M4 14h3v5H4z', 'M17 14h3v5h-3z'],
  migration: ['M4 12h14', 'M13 7l5 5-5 5', 'M4 5v14'],
  other: ['M12 5v14', 'M5 12h14'],
};

function kindOf(code: string): string {
  if (/WILDCARD/i.test(code)) return 'wildcard';
  if (/SSL/i.test(code)) return 'ssl';
  if (/IP/i.test(code)) return 'ip';
  if (/SPAM|MAIL/i.test(code)) return 'mail';
  if (/SLA/i.test(code)) return 'sla';
  if (/SUPPORT/i.test(code)) return 'support';
  if (/MIGRAT/i.test(code)) return 'migration';
  return 'other';
}

export function ExtraServiceIcon({ code }: { code: string }) {
  return (
    <span className="extra-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" focusable="false">
        {(ICONS[kindOf(code)] ?? []).map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
