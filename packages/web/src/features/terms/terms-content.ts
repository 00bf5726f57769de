import type { Locale } from '@kavel/core';

export interface TermsArticle {
  title: string;
  paragraphs: readonly string[];
}

export interface TermsText {
  intro: string;
  articles: readonly TermsArticle[];
  version: string;
}

/**
 * The general terms of the shop, in plain words. Kept with the page (loaded when it is opened),
 * not with the order page's texts. A sensible default for a Dutch hosting shop, not legal advice:
 * an operator replaces it with their own.
 */
export const TERMS: Record<Locale, TermsText> = {
  nl: {
    intro:
      'Deze voorwaarden gelden voor elke bestelling bij Kavel: domeinnamen, webhosting, SSL-certificaten en de andere diensten die je bij ons afneemt. Door een bestelling af te ronden ga je ermee akkoord.',
    version: 'Versie 1, 2026',
    articles: [
      {
        title: '1. Wie wij zijn',
        paragraphs: ['Kavel levert domeinnamen en hostingdiensten aan particulieren en bedrijven. Onze contactgegevens vind je op de website; voor vragen over je bestelling kun je altijd bij onze support terecht.'],
      },
      {
        title: '2. Je bestelling',
        paragraphs: [
          'Een overeenkomst komt tot stand zodra je bestelling is geplaatst en, bij online betalen, de betaling is gelukt. Je ontvangt een factuur die je terugvindt in je account.',
          'Een domeinnaam registreren we op naam van de domeinhouder die je opgeeft. Zorg dat die gegevens juist en volledig zijn; de registry van de extensie kan daarom vragen.',
        ],
      },
      {
        title: '3. Prijzen en betalen',
        paragraphs: [
          'Alle prijzen zijn in euro en exclusief 21% btw, tenzij anders vermeld. Welkomstkortingen gelden voor de eerste termijn; daarna geldt het normale tarief.',
          'Je betaalt vooraf voor de gekozen periode: online, op rekening of via automatische incasso. Betaal je op rekening, dan komen je bestellingen van een maand op één factuur met een betaaltermijn van 14 dagen.',
        ],
      },
      {
        title: '4. Looptijd en opzeggen',
        paragraphs: [
          'Diensten lopen voor de gekozen periode (1 jaar of 5 jaar) en worden daarna met dezelfde periode verlengd, tegen het dan geldende tarief.',
          'Je kunt een dienst opzeggen tot één maand voor het einde van de periode. Een domeinnaam die je niet verlengt, komt na afloop weer vrij.',
        ],
      },
      {
        title: '5. Herroeping',
        paragraphs: [
          'Bestel je als particulier, dan mag je een dienst binnen 14 dagen ontbinden, behalve een domeinnaam die op jouw verzoek al is geregistreerd: die registratie kan niet worden teruggedraaid.',
        ],
      },
      {
        title: '6. Gebruik van onze diensten',
        paragraphs: [
          'Je gebruikt onze diensten niet voor onrechtmatige doeleinden, zoals spam, malware of inbreuk op rechten van anderen. Doe je dat wel, dan mogen we de dienst blokkeren.',
          'Je bent zelf verantwoordelijk voor de inhoud van je website en e-mail en voor het geheimhouden van je wachtwoorden en verhuiscodes.',
        ],
      },
      {
        title: '7. Beschikbaarheid en aansprakelijkheid',
        paragraphs: [
          'We doen ons best om onze diensten ononderbroken beschikbaar te houden en maken dagelijks back-ups, maar kunnen storingen niet uitsluiten. Onze aansprakelijkheid is beperkt tot het bedrag dat je in de laatste twaalf maanden voor de betreffende dienst hebt betaald.',
        ],
      },
      {
        title: '8. Privacy',
        paragraphs: ['We gebruiken je gegevens alleen om onze diensten te leveren en te factureren, en geven ze alleen door aan registries en partijen die daarvoor nodig zijn.'],
      },
      {
        title: '9. Slotbepalingen',
        paragraphs: ['Op deze voorwaarden is Nederlands recht van toepassing. We kunnen de voorwaarden wijzigen; een wijziging melden we je minstens een maand van tevoren.'],
      },
    ],
  },
  en: {
    intro:
      'These terms apply to every order at Kavel: domain names, web hosting, SSL certificates and the other services you take from us. By completing an order you agree to them.',
    version: 'Version 1, 2026',
    articles: [
      {
        title: '1. Who we are',
        paragraphs: ['Kavel provides domain names and hosting services to private persons and businesses. Our contact details are on the website; our support team helps with any question about your order.'],
      },
      {
        title: '2. Your order',
        paragraphs: [
          'An agreement is made once your order has been placed and, when paying online, the payment has succeeded. You receive an invoice, which you find in your account.',
          'We register a domain name in the name of the domain holder you give us. Make sure those details are correct and complete; the registry of the extension may ask for them.',
        ],
      },
      {
        title: '3. Prices and payment',
        paragraphs: [
          'All prices are in euros and exclude 21% VAT unless stated otherwise. Welcome discounts apply to the first term; the regular rate applies after that.',
          'You pay in advance for the chosen period: online, on account or by direct debit. When you pay on account, the orders of a month are put on one invoice with a payment term of 14 days.',
        ],
      },
      {
        title: '4. Term and cancellation',
        paragraphs: [
          'Services run for the chosen period (1 year or 5 years) and are then renewed for the same period at the rate applying at that time.',
          'You can cancel a service up to one month before the end of the period. A domain name that you do not renew becomes available again afterwards.',
        ],
      },
      {
        title: '5. Right of withdrawal',
        paragraphs: [
          'If you order as a private person, you may withdraw from a service within 14 days, except for a domain name that has already been registered at your request: that registration cannot be undone.',
        ],
      },
      {
        title: '6. Use of our services',
        paragraphs: [
          'You do not use our services for unlawful purposes such as spam, malware or infringing the rights of others. If you do, we may block the service.',
          'You are responsible for the content of your website and e-mail, and for keeping your passwords and transfer codes secret.',
        ],
      },
      {
        title: '7. Availability and liability',
        paragraphs: [
          'We do our best to keep our services available without interruption and make daily backups, but cannot rule out outages. Our liability is limited to the amount you paid for the service concerned in the last twelve months.',
        ],
      },
      {
        title: '8. Privacy',
        paragraphs: ['We use your data only to provide and invoice our services, and share it only with registries and parties needed for that.'],
      },
      {
        title: '9. Final provisions',
        paragraphs: ['These terms are governed by Dutch law. We may change these terms; we announce a change at least one month in advance.'],
      },
    ],
  },
};
