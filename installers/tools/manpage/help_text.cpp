#include "help_text.h"

#include <QMap>
#include <QRegularExpression>

namespace infraplan::manpage {
namespace {

constexpr int kEntryIndent = 2;

bool isHeading(const QString& line) {
    return !line.isEmpty() && !line.front().isSpace() && line.endsWith(QLatin1Char(':'));
}

int indentOf(const QString& line) {
    int i = 0;
    while (i < line.size() && line[i] == QLatin1Char(' '))
        ++i;
    return i;
}

// The column where descriptions start: the most common one after a gap of two or more spaces.
// A term as wide as the column leaves a single space before its description, which only the
// column tells apart from a space inside the term.
int descriptionColumn(const QStringList& lines) {
    static const QRegularExpression gap(QStringLiteral("^  \\S.*? {2,}(?=\\S)"));
    QMap<int, int> counts;
    for (const QString& line : lines) {
        if (indentOf(line) != kEntryIndent) continue;
        if (const auto match = gap.match(line); match.hasMatch()) ++counts[match.capturedLength()];
    }
    int column = 0;
    int best = 0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        if (it.value() > best) best = it.value(), column = it.key();
    return column;
}

HelpEntry splitEntry(const QString& line, int column) {
    const bool split = column > kEntryIndent && line.size() > column &&
                       line[column - 1] == QLatin1Char(' ') && line[column] != QLatin1Char(' ');
    if (!split) return {line.trimmed(), {}};
    return {line.left(column).trimmed(), line.mid(column).trimmed()};
}

HelpSection parseSection(const QString& title, const QStringList& lines) {
    HelpSection section{title, {}};
    const int column = descriptionColumn(lines);
    for (const QString& line : lines) {
        if (line.trimmed().isEmpty()) continue;
        if (indentOf(line) > kEntryIndent && !section.entries.isEmpty()) {
            QString& description = section.entries.last().description;
            if (!description.isEmpty()) description += QLatin1Char(' ');
            description += line.trimmed();
        } else {
            section.entries.append(splitEntry(line, column));
        }
    }
    return section;
}

}  // namespace

bool HelpSection::isSubcommands() const {
    return title.compare(QLatin1String("Subcommands"), Qt::CaseInsensitive) == 0;
}

HelpText parseHelpText(const QString& text) {
    HelpText help;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const QString& line = lines[i];
        if (line.startsWith(QLatin1String("Usage: "))) {
            help.usage = line.mid(7).trimmed();
        } else if (isHeading(line)) {
            QStringList body;
            while (i + 1 < lines.size() && !isHeading(lines[i + 1]) &&
                   (lines[i + 1].isEmpty() || lines[i + 1].front().isSpace()))
                body.append(lines[++i]);
            help.sections.append(parseSection(line.chopped(1), body));
        } else if (!line.trimmed().isEmpty()) {
            help.description.append(line.trimmed());
        }
    }
    return help;
}

}  // namespace infraplan::manpage
