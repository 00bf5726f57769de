/** A complete holder form for a private person; override what a test is about. */
export const holderForm = (overrides: Record<string, unknown> = {}) => ({
  forename: 'Jan',
  surname: 'Jansen',
  street: 'Damrak',
  houseNumber: '70',
  postcode: '1012lm',
  city: 'Amsterdam',
  phone: '+31 20 555 0199',
  email: 'jan.jansen@example.nl',
  ...overrides,
});
