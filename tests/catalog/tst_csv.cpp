// The one CSV reader (catalog/csv.h) that catalog imports and the tests' data loaders share:
// RFC 4180 quoting, line numbers in errors, and cells looked up by column name.
#include <QtTest>

#include "catalog/csv.h"

using namespace infraplan;

class TestCsv : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void quotedCellsKeepCommasQuotesAndNewlines() {
        std::string error;
        const auto rows = parseCsv("a,\"b, \"\"c\"\"\nd\",e\r\n\r\nf,g,h\n", &error);
        QVERIFY2(rows, error.c_str());
        QCOMPARE(rows->size(), std::size_t(2));
        QCOMPARE((*rows)[0].cells.at(1), std::string("b, \"c\"\nd"));
        QCOMPARE((*rows)[0].cells.at(2), std::string("e"));
        QCOMPARE((*rows)[1].line, 4);  // counts the quoted newline and the skipped blank line
        QCOMPARE(csvCell("b, \"c\""), std::string("\"b, \"\"c\"\"\""));
    }

    void unterminatedQuoteNamesItsLine() {
        std::string error;
        QVERIFY(!parseCsv("a,b\nc,\"d\n", &error));
        QCOMPARE(error, std::string("line 2: unterminated quoted field"));
    }

    void tableReadsCellsByColumnName() {
        std::string error;
        const auto table = parseCsvTable("id,value,note\nx,1\ny,2,two\n", &error);
        QVERIFY2(table, error.c_str());
        QCOMPARE(table->rows.size(), std::size_t(2));
        QVERIFY(table->hasColumn("note"));
        QVERIFY(!table->hasColumn("unit"));
        QCOMPARE(table->cell(table->rows[1], "note"), std::string("two"));
        QCOMPARE(table->cell(table->rows[0], "note"), std::string());  // a short row
        QCOMPARE(table->rows[1].line, 3);
    }

    void tableRefusesWhatItCannotMap() {
        std::string error;
        QVERIFY(!parseCsvTable("", &error));
        QVERIFY(error.find("empty") != std::string::npos);
        QVERIFY(!parseCsvTable("id,id\n1,2\n", &error));
        QCOMPARE(error, std::string("line 1: column \"id\" appears twice"));
        QVERIFY(!parseCsvTable("id,value\n1,2,3\n", &error));
        QCOMPARE(error, std::string("line 2: 3 cells, the header names 2"));
    }
};

QTEST_GUILESS_MAIN(TestCsv)
#include "tst_csv.moc"
