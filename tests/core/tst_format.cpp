// The one number and unit formatter (core/results/format.h) that the CLI text, CSV and compare
// output, the report and the dashboard share.
#include <QtTest>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>

#include "core/results/format.h"

using namespace infraplan;

class TestFormat : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void numbersHaveSignificantDigitsAndSeparators() {
        QCOMPARE(formatNumber(13.5714), std::string("13.57"));
        QCOMPARE(formatNumber(0.1234567), std::string("0.1235"));
        QCOMPARE(formatNumber(0.25), std::string("0.25"));
        QCOMPARE(formatNumber(1234.6), std::string("1,235"));  // no fraction above 1,000
        QCOMPARE(formatNumber(857600), std::string("857,600"));
        QCOMPARE(formatNumber(-1234567.0), std::string("-1,234,567"));
        QCOMPARE(formatNumber(9.99996), std::string("10"));  // rounding adds a digit
        QCOMPARE(formatNumber(1.5, 2), std::string("1.5"));
        QCOMPARE(formatNumber(0), std::string("0"));
        QCOMPARE(formatNumber(-0.00001), std::string("-1e-05"));
        QCOMPARE(formatNumber(std::nan("")), std::string("–"));
        QCOMPARE(formatNumber(std::numeric_limits<double>::infinity()), std::string("–"));
        QCOMPARE(formatInteger(1234567), std::string("1,234,567"));
        QCOMPARE(formatInteger(-100), std::string("-100"));
    }

    void percentagesAndMoney() {
        QCOMPARE(formatPercent(0.521), std::string("52.1 %"));
        QCOMPARE(formatPercent(0.0789), std::string("7.89 %"));
        QCOMPARE(formatPercent(0), std::string("0.0 %"));
        QCOMPARE(formatPercent(12.5), std::string("1,250.0 %"));
        QCOMPARE(formatMoney(0.0042), std::string("$0.0042"));
        QCOMPARE(formatMoney(2.2433), std::string("$2.24"));
        QCOMPARE(formatMoney(12345.4), std::string("$12,345"));
        QCOMPARE(formatMoney(3.214e6), std::string("$3.214 M"));
        QCOMPARE(formatMoney(1.2e9), std::string("$1.2 B"));
        QCOMPARE(formatMoney(-250), std::string("-$250"));
        QCOMPARE(formatMoney(0), std::string("$0"));
    }

    void quantitiesScaleToTheirUnit() {
        QCOMPARE(formatQuantity(0.0031, Unit::seconds), std::string("3.1 ms"));
        QCOMPARE(formatQuantity(4.2e-6, Unit::seconds), std::string("4.2 µs"));
        QCOMPARE(formatQuantity(600, Unit::seconds), std::string("10 min"));
        QCOMPARE(formatQuantity(36, Unit::hours), std::string("36 h"));
        QCOMPARE(formatQuantity(24.6, Unit::days), std::string("24.6 days"));
        QCOMPARE(formatQuantity(0.5, Unit::days), std::string("12 h"));
        QCOMPARE(formatQuantity(250, Unit::milliseconds), std::string("250 ms"));
        QCOMPARE(formatQuantity(1500, Unit::milliseconds), std::string("1.5 s"));
        QCOMPARE(formatQuantity(850, Unit::nanoseconds), std::string("850 ns"));
        QCOMPARE(formatQuantity(8e10, Unit::bytes), std::string("80 GB"));
        QCOMPARE(formatQuantity(2048, Unit::gigabytes), std::string("2.048 TB"));
        QCOMPARE(formatQuantity(3350, Unit::gigabytes_per_s), std::string("3.35 TB/s"));
        QCOMPARE(formatQuantity(163840, Unit::bytes_per_token), std::string("163.8 kB/token"));
        QCOMPARE(formatQuantity(3.15e18, Unit::flop), std::string("3.15 EFLOP"));
        QCOMPARE(formatQuantity(989.4, Unit::tflop_per_s), std::string("989.4 TFLOP/s"));
        QCOMPARE(formatQuantity(253300, Unit::tflop_per_s), std::string("253.3 PFLOP/s"));
        QCOMPARE(formatQuantity(700, Unit::watts), std::string("700 W"));
        QCOMPARE(formatQuantity(1530, Unit::kilowatts), std::string("1.53 MW"));
        QCOMPARE(formatQuantity(0.5, Unit::kilowatts), std::string("500 W"));
        QCOMPARE(formatQuantity(0, Unit::kilowatts),
                 std::string("0 kW"));  // a zero in its own unit
        QCOMPARE(formatQuantity(0, Unit::gigabytes), std::string("0 GB"));
        QCOMPARE(formatQuantity(2.2433, Unit::usd_per_hour), std::string("$2.24/h"));
        QCOMPARE(formatQuantity(0.83, Unit::usd_per_million_tokens), std::string("$0.83/M tokens"));
        QCOMPARE(formatQuantity(0.52, Unit::fraction), std::string("52.0 %"));
        QCOMPARE(formatQuantity(256, Unit::count), std::string("256"));
        QCOMPARE(formatQuantity(154321.7, Unit::tokens_per_s), std::string("154,322 tokens/s"));
        QCOMPARE(formatQuantity(1.31, Unit::none), std::string("1.31"));
        QCOMPARE(formatQuantity(std::nan(""), Unit::seconds), std::string("–"));
    }

    void jsonValues() {
        QCOMPARE(formatValue(true), std::string("yes"));
        QCOMPARE(formatValue(nullptr), std::string("–"));
        QCOMPARE(formatValue("ring"), std::string("ring"));
        QCOMPARE(formatValue(""), std::string("–"));
        QCOMPARE(formatValue(nlohmann::json(1234567)), std::string("1,234,567"));
        QCOMPARE(formatValue(nlohmann::json(0.25), Unit::seconds), std::string("250 ms"));
        QCOMPARE(formatValue(nlohmann::json::array({"a", "b"})), std::string("a; b"));
        // The CSV's exact numbers: what the JSON holds, not a rounding of it.
        QCOMPARE(formatExact(13.571428571428571), std::string("13.571428571428571"));
        QCOMPARE(formatExact(nlohmann::json(256)), std::string("256"));
        QCOMPARE(formatExact(nullptr), std::string(""));
        QCOMPARE(formatExact("text"), std::string("text"));
    }

    void everyUnitHasAName() {
        QCOMPARE(unitName(Unit::none), std::string_view(""));
        std::set<std::string_view> names;
        for (int u = int(Unit::fraction); u <= int(Unit::refrigeration_tons); ++u) {
            QVERIFY(!unitName(Unit(u)).empty());
            QVERIFY(names.insert(unitName(Unit(u))).second);
        }
    }
};

QTEST_MAIN(TestFormat)
#include "tst_format.moc"
