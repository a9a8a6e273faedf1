// The guards every text border uses: UTF-8 checks and repair, JSON written without throwing on
// bad bytes, repeated keys refused with their pointer, sizes in human units, files written
// atomically with unique temporary names that vanish on failure.
#include <QtTest>

#include "catalog/file_io.h"
#include "catalog/json_limits.h"
#include "catalog/json_reader.h"
#include "catalog/utf8.h"

using namespace infraplan;

class TestTextGuards : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void utf8IsCheckedByTheStandardsRules_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("firstBad");  // -1 = valid
        QTest::newRow("ascii") << QByteArray("plain") << -1;
        QTest::newRow("two, three and four bytes")
            << QByteArray("\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80") << -1;
        QTest::newRow("lone 0xFF") << QByteArray("ab\xff") << 2;
        QTest::newRow("overlong slash") << QByteArray("\xc0\xaf") << 0;
        QTest::newRow("overlong three bytes") << QByteArray("\xe0\x80\xaf") << 0;
        QTest::newRow("surrogate") << QByteArray("x\xed\xa0\x80") << 1;
        QTest::newRow("above U+10FFFF") << QByteArray("\xf4\x90\x80\x80") << 0;
        QTest::newRow("truncated") << QByteArray("ok\xe2\x82") << 2;
        QTest::newRow("stray continuation") << QByteArray("\x80") << 0;
    }
    void utf8IsCheckedByTheStandardsRules() {
        QFETCH(QByteArray, text);
        QFETCH(int, firstBad);
        const auto at = firstInvalidUtf8(text.toStdString());
        QCOMPARE(at ? static_cast<int>(*at) : -1, firstBad);
        const std::string repaired = toValidUtf8(text.toStdString());
        QVERIFY(isValidUtf8(repaired));
        if (firstBad < 0) QCOMPARE(repaired, text.toStdString());
    }

    void messagesNameTheBadByte() {
        QCOMPARE(describeInvalidUtf8("ab\xff"),
                 std::string("byte 0xFF at offset 2 is not valid UTF-8"));
        nlohmann::json object = {{"name", std::string("x\xff")}};
        Diagnostics diags;
        ObjectReader reader(object, "/hardware/items/0", diags);
        std::string name = "kept";
        reader.string("name", name);
        QCOMPARE(name, std::string("kept"));
        QVERIFY2(diags.toString().find("/hardware/items/0/name: must be UTF-8 text") !=
                     std::string::npos,
                 diags.toString().c_str());
        Diagnostics quoting;
        quoting.error("/a\xff", "got \"\xfe\"");  // messages quote what they refuse
        QVERIFY(isValidUtf8(quoting.toString()));
    }

    void jsonIsWrittenWithoutThrowing() {
        const nlohmann::json value = {{"name", std::string("GPU \xff")}, {"n", 1}};
        QVERIFY_THROWS_EXCEPTION(nlohmann::json::type_error, (void)value.dump());
        const std::string text = dumpJson(value, 2);
        QVERIFY(isValidUtf8(text));
        QVERIFY(text.find("GPU \xef\xbf\xbd") != std::string::npos);
    }

    void repeatedKeysAreRefusedWithTheirPointer_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("pointer");
        QTest::newRow("top level") << QByteArray(R"({"a": 1, "a": 2})") << "/a:";
        QTest::newRow("in an array")
            << QByteArray(R"({"items": [{"id": "x"}, {"id": "y", "count": 1, "count": 9}]})")
            << "/items/1/count:";
        QTest::newRow("escaped key") << QByteArray(R"({"w": {"a/b": 1, "a/b": 1}})") << "/w/a~1b:";
    }
    void repeatedKeysAreRefusedWithTheirPointer() {
        QFETCH(QByteArray, text);
        QFETCH(QString, pointer);
        std::string error;
        QVERIFY(!parseJsonGuarded(text.toStdString(), 1 << 20, 64, &error));
        QVERIFY2(error.find(pointer.toStdString()) == 0, error.c_str());
        QVERIFY(error.find("appears twice") != std::string::npos);
    }
    void sameKeysInDifferentObjectsAreFine() {
        std::string error;
        const auto doc =
            parseJsonGuarded(R"([{"id": 1}, {"id": 2}, {"x": {"id": 3}}])", 1 << 20, 64, &error);
        QVERIFY2(doc, error.c_str());
        QCOMPARE((*doc)[1]["id"].get<int>(), 2);
    }

    void sizesReadAsPeopleWriteThem() {
        QCOMPARE(formatBytes(1), std::string("1 byte"));
        QCOMPARE(formatBytes(512), std::string("512 bytes"));
        QCOMPARE(formatBytes(12'300), std::string("12.3 KB"));
        QCOMPARE(formatBytes(50'000'200), std::string("50.0 MB"));
        QCOMPARE(formatBytes(33'554'432), std::string("33.6 MB"));
        QCOMPARE(formatBytes(9'223'372'036'854'775'807ULL), std::string("9.2 EB"));
    }

    void filesAreReplacedWholeOrNotAtAll() {
        const std::string target = m_dir.filePath("out.json").toStdString();
        std::string error;
        QVERIFY2(writeFileAtomically(target, "first", &error), error.c_str());
        QVERIFY2(writeFileAtomically(target, "second", &error), error.c_str());
        QFile file(QString::fromStdString(target));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("second"));
        // A target that cannot be replaced (a folder of that name) fails with the reason and
        // leaves no temporary file behind.
        const QString folder = m_dir.filePath("taken.json");
        QVERIFY(QDir().mkpath(folder));
        QVERIFY(!writeFileAtomically(folder.toStdString(), "x", &error));
        QVERIFY2(error.find("Is a directory") != std::string::npos, error.c_str());
        const QStringList left = QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden);
        QCOMPARE(left, QStringList{"out.json"});
        QVERIFY(!writeFileAtomically(m_dir.filePath("missing/x.json").toStdString(), "x", &error));
        QVERIFY2(error.find("No such file or directory") != std::string::npos, error.c_str());
        QVERIFY(sameFile(target, m_dir.filePath("./out.json").toStdString()));
        QVERIFY(!sameFile(target, folder.toStdString()));
    }
};

QTEST_GUILESS_MAIN(TestTextGuards)
#include "tst_text_guards.moc"
