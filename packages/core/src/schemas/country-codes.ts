/**
 * ISO 3166-1 alpha-2: every country and territory a holder or customer may live in, the same
 * list the catalogue's country table holds (a test keeps the two equal). In core, so that a form's
 * schema can refuse an unknown country together with its other faults, in one answer.
 */
const CODES = 'AF AX AL DZ VI AS AD AO AI AQ AG AR AM AW AU AZ BS BH BD BB BE BZ BJ BM BT BO BQ BA BW BV BR VG IO BN BG BF BI KH CA CF CL CN CX CC CO KM CG CD CK CR CU CW CY DK DJ DM DO DE EC EG SV GQ ER EE SZ ET FO FK FJ PH FI FR TF GF PF GA GM GE GH GI GD GR GL GP GU GT GG GN GW GY HT HM HN HU HK IE IS IN ID IQ IR IL IT CI JM JP YE JE JO KY CV CM KZ KE KG KI UM KW HR LA LS LV LB LR LY LI LT LU MO MG MW MV MY ML MT IM MA MH MQ MR MU YT MX FM MD MC MN ME MS MZ MM NA NR NL NP NI NC NZ NE NG NU MP KP MK NO NF UG UA UZ OM AT PK PW PS PA PG PY PE PN PL PT PR QA RE RO RU RW BL KN LC PM VC SB WS SM SA ST SN RS SC SL SG SH SX MF SI SK SD SO ES SJ LK SR SY TJ TW TZ TH TL TG TK TO TT TD CZ TN TR TM TC TV UY VU VA VE AE US GB VN WF EH BY ZM ZW ZA GS KR SS SE CH';

export const COUNTRY_CODES: ReadonlySet<string> = new Set(CODES.split(' '));

export const isCountryCode = (code: string): boolean => COUNTRY_CODES.has(code);
