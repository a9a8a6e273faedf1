#pragma once
// Runs the built infraplan-cli as a user would and captures what it says; shared by the CLI
// suites (tests/app, tests/catalog).
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include "tests/support/test_paths.h"

struct CliRun {
    int exit_code = -1;  // -2 when the process crashed
    QString out;
    QString err;
};

inline CliRun runCli(const QStringList& args) {
    QProcess process;
    process.start(QString::fromUtf8(infraplan::test::cliPath()), args);
    CliRun run;
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        run.err = QStringLiteral("timed out");
        return run;
    }
    run.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

// Writes `content` to `name` in `dir` (a design or catalog file for the CLI to read).
inline QString writeTestFile(const QTemporaryDir& dir, const QString& name,
                             const QByteArray& content) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    file.write(content);
    return path;
}
