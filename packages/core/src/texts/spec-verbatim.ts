/**
 * Dutch texts the specification quotes verbatim in the formal 'u' form (spec 001 sections 2 and
 * 8), kept as quoted although the shop says 'je' everywhere else. Any other 'u'/'uw' is a defect.
 */
export const SPEC_FORMAL_TEXTS: readonly string[] = [
  // The order app's login, loginError=locked (and the login's refusal of a locked account).
  'Uw account is geblokkeerd.',
  // The order app's basket conversion answering 409.
  'Dit domein is al in uw bezit.',
];
