'use strict';
// The 20 columns the export bench exports: every readable field of the exchange rate (14) and
// six of them a second time, as a wide grid with repeated columns would ask for.
const FIELDS = [
  'exchangeRateId',
  'fromCurrency',
  'toCurrency',
  'rateType',
  'rate',
  'rateDate',
  'validFrom',
  'validTo',
  'status',
  'createdBy',
  'creationDate',
  'lastUpdatedBy',
  'lastUpdateDate',
  'versionNum',
  'fromCurrency',
  'toCurrency',
  'rateType',
  'rate',
  'rateDate',
  'status',
];

const EXPORT_COLUMNS = FIELDS.map((key, i) => ({ key, title: `${key} ${i + 1}` }));

module.exports = { EXPORT_COLUMNS };
