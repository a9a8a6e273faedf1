#pragma once
// Runs the built infraplan-cli as a user would and captures what it says; shared by the CLI
// suites (tests/app, tests/catalog). Hostile-input tests run the child under a memory limit and
// a timeout, so that a runaway ends as a failed test rather than a stalled or swapping machine.
#include <sys/resource.h>

#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include "tests/support/sanitizer_build.h"
#include "tests/support/test_paths.h"

struct CliRun {
    int exit_code = -1;  // -2 when the process crashed (or was killed at a limit)
    bool timed_out = false;
    QString out;
    QString err;
};

struct CliLimits {
    int timeout_ms = 60000;
    // Address-space limit of the child (0 = none); not applied under AddressSanitizer, whose
    // shadow memory reserves terabytes of address space.
    long long memory_bytes = 0;
    QString stdout_file;  // send stdout there instead of capturing it (e.g. /dev/full)
};

// How much slower the programs run in this build: the sanitizer build is instrumented
// (a 10,000-item design's report: 0.7 s in release, several seconds there), and its timeouts
// guard against hangs, not for speed, which the release build's run checks.
inline constexpr int kBuildSlowdown = infraplan::test::kSanitizerBuild ? 8 : 1;

// What a user would accept from any hostile input: seconds, not minutes, and under 1 GB.
inline CliLimits hostileLimits() {
    CliLimits limits;
    limits.timeout_ms = 30000 * kBuildSlowdown;
    limits.memory_bytes = 1LL << 30;
    return limits;
}

inline CliRun runCli(const QStringList& args, const CliLimits& limits = {}) {
    QProcess process;
#if !defined(__SANITIZE_ADDRESS__)
    if (limits.memory_bytes > 0) {
        const auto bytes = static_cast<rlim_t>(limits.memory_bytes);
        process.setChildProcessModifier([bytes] {
            const rlimit limit{bytes, bytes};
            setrlimit(RLIMIT_AS, &limit);
        });
    }
#endif
    if (!limits.stdout_file.isEmpty()) process.setStandardOutputFile(limits.stdout_file);
    process.start(QString::fromUtf8(infraplan::test::cliPath()), args);
    CliRun run;
    if (!process.waitForFinished(limits.timeout_ms)) {
        process.kill();
        process.waitForFinished();
        run.timed_out = true;
        run.err = QStringLiteral("timed out");
        return run;
    }
    run.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

// Writes `content` to `folder`/`name` for a test to hand to the CLI; fails the run if it cannot.
inline QString writeTestFile(const QString& folder, const QString& name,
                             const QByteArray& content) {
    const QString path = folder + QLatin1Char('/') + name;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    file.write(content);
    return path;
}
