// Build-time tool: writes a program's man page from its own --help (and each subcommand's), so
// the page cannot drift from the program. Usage:
//   infraplan-make-manpage PROGRAM NAME VERSION DATE OUT.1 [EXTRA.man]
// EXTRA.man holds sections --help does not (exit status, files, examples), in roff, appended.
#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <algorithm>
#include <cstdio>

#include "help_text.h"

namespace mp = infraplan::manpage;

namespace {

struct Page {
    QString program;
    QString name;
    QString text;
};

QString escaped(QString text) {
    text.replace(QLatin1Char('\\'), QLatin1String("\\e"));
    if (text.startsWith(QLatin1Char('.')) || text.startsWith(QLatin1Char('\'')))
        text.prepend(QLatin1String("\\&"));
    return text;
}

QString term(const QString& text) {
    return escaped(text).replace(QLatin1Char('-'), "\\-");
}

// The program's --help for the subcommand path, or an empty string with a message on failure.
QString helpOf(const QString& program, const QStringList& path) {
    QProcess process;
    process.start(program, path + QStringList{QStringLiteral("--help")});
    if (!process.waitForFinished(60'000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        std::fprintf(stderr, "infraplan-make-manpage: '%s %s --help' failed\n", qPrintable(program),
                     qPrintable(path.join(QLatin1Char(' '))));
        return {};
    }
    return QString::fromLocal8Bit(process.readAllStandardOutput());
}

// The usage line with the program's path (QCommandLineParser prints argv[0]) replaced by `name`.
QString synopsis(const QString& usage, const QString& name, const QStringList& path) {
    QStringList words = usage.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const qsizetype skip = std::min<qsizetype>(words.size(), 1 + path.size());
    words = words.mid(skip);
    const QString command = (QStringList{name} + path).join(QLatin1Char(' '));
    return QStringLiteral(".B %1\n%2\n").arg(term(command), term(words.join(QLatin1Char(' '))));
}

void writeEntries(Page& page, const mp::HelpSection& section, bool skipHelp) {
    for (const mp::HelpEntry& entry : section.entries) {
        if (skipHelp && entry.term.startsWith(QLatin1String("-h,"))) continue;
        page.text +=
            QStringLiteral(".TP\n.B %1\n%2\n").arg(term(entry.term), escaped(entry.description));
    }
}

bool writeCommand(Page& page, const QStringList& path) {
    const mp::HelpText help = mp::parseHelpText(helpOf(page.program, path));
    if (help.usage.isEmpty()) return false;
    page.text +=
        QStringLiteral(".SS \"%1\"\n").arg(term((QStringList{page.name} + path).join(' ')));
    page.text += synopsis(help.usage, page.name, path) + QStringLiteral(".PP\n");
    for (const QString& line : help.description)
        page.text += escaped(line) + QLatin1Char('\n');
    for (const mp::HelpSection& section : help.sections) {
        if (!section.isSubcommands()) {
            writeEntries(page, section, true);
            continue;
        }
        for (const mp::HelpEntry& sub : section.entries)
            if (!writeCommand(page, path + QStringList{sub.term})) return false;
    }
    return true;
}

QString sectionHeading(const QString& title) {
    if (title == QLatin1String("Positionals")) return QStringLiteral("ARGUMENTS");
    if (title.compare(QLatin1String("Subcommands"), Qt::CaseInsensitive) == 0)
        return QStringLiteral("COMMANDS");
    return title.toUpper();
}

// "Infraplan: plan AI infrastructure..." -> "plan AI infrastructure..."; no final period.
QString summary(const mp::HelpText& help) {
    QString line = help.description.value(0);
    if (const qsizetype colon = line.indexOf(QLatin1String(": ")); colon > 0 && colon < 20)
        line = line.mid(colon + 2);
    if (line.endsWith(QLatin1Char('.'))) line.chop(1);
    return line;
}

bool writeTopLevel(Page& page, const QString& version, const QString& date) {
    const mp::HelpText help = mp::parseHelpText(helpOf(page.program, {}));
    if (help.usage.isEmpty()) return false;
    page.text += QStringLiteral(".TH %1 1 \"%2\" \"Infraplan %3\" \"User Commands\"\n")
                     .arg(term(page.name.toUpper()), date, version);
    page.text +=
        QStringLiteral(".SH NAME\n%1 \\- %2\n").arg(term(page.name), escaped(summary(help)));
    page.text += QStringLiteral(".SH SYNOPSIS\n") + synopsis(help.usage, page.name, {});
    page.text += QStringLiteral(".SH DESCRIPTION\n");
    for (const QString& line : help.description)
        page.text += escaped(line) + QLatin1Char('\n');
    for (const mp::HelpSection& section : help.sections) {
        page.text += QStringLiteral(".SH %1\n").arg(sectionHeading(section.title));
        if (!section.isSubcommands()) {
            writeEntries(page, section, false);
            continue;
        }
        for (const mp::HelpEntry& sub : section.entries)
            if (!writeCommand(page, {sub.term})) return false;
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 6 || args.size() > 7) {
        std::fputs("usage: infraplan-make-manpage PROGRAM NAME VERSION DATE OUT.1 [EXTRA.man]\n",
                   stderr);
        return 2;
    }
    Page page{args[1], args[2],
              QStringLiteral(".\\\" Generated from '%1 --help'; do not edit.\n").arg(args[2])};
    if (!writeTopLevel(page, args[3], args[4])) return 1;
    if (args.size() == 7) {
        QFile extra(args[6]);
        if (!extra.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "infraplan-make-manpage: cannot read %s\n", qPrintable(args[6]));
            return 1;
        }
        page.text += QString::fromUtf8(extra.readAll());
    }
    QFile out(args[5]);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        out.write(page.text.toUtf8()) < 0) {
        std::fprintf(stderr, "infraplan-make-manpage: cannot write %s\n", qPrintable(args[5]));
        return 1;
    }
    return 0;
}
