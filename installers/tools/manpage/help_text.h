#pragma once
// The --help text of a command-line program, as CLI11 and QCommandLineParser print it: a usage
// line, description lines, then sections ("Options:", "Subcommands:", ...) of entries, each a
// term indented by two spaces and its description aligned in a column.
#include <QList>
#include <QString>
#include <QStringList>

namespace infraplan::manpage {

struct HelpEntry {
    QString term;         // "--set TEXT ...", "DESIGN TEXT REQUIRED", "validate"
    QString description;  // continuation lines joined with a space
};

struct HelpSection {
    QString title;  // without the colon: "Options", "Subcommands", "Arguments"
    QList<HelpEntry> entries;
    bool isSubcommands() const;
};

struct HelpText {
    QString usage;            // after "Usage: "
    QStringList description;  // the lines outside the usage and the sections
    QList<HelpSection> sections;
};

HelpText parseHelpText(const QString& text);

}  // namespace infraplan::manpage
