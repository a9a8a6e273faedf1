#include "ui/widgets/longtext.h"

#include <QCoreApplication>
#include <QLineEdit>
#include <QLocale>

namespace infraplan::ui {

bool isTooLongToShow(const std::string& text) {
    // UTF-8 never takes fewer bytes than characters: a short byte count is short text.
    return text.size() > std::size_t(kShownTextLimit) &&
           QString::fromStdString(text).size() > kShownTextLimit;
}

QString shownText(const std::string& text) {
    if (!isTooLongToShow(text)) return QString::fromStdString(text);
    // Decode only the start: the limit in characters needs at most 4 bytes each.
    QString start = QString::fromUtf8(
        text.data(), qsizetype(std::min<std::size_t>(text.size(), 4u * kShownTextLimit)));
    start.truncate(kShownTextLimit);
    if (start.back().isHighSurrogate()) start.chop(1);
    return QCoreApplication::translate("LongText",
                                       "%1… (%2 bytes in all; edit the file to change it)")
        .arg(start, QLocale().toString(qulonglong(text.size())));
}

QString breakableText(const QString& text) {
    constexpr QChar kZeroWidthSpace(0x200B);
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (qsizetype i = 0; i < text.size(); ++i) {
        out += text[i];
        if (i + 1 >= text.size()) break;
        // Between letters only for a dot, so that 0.23 % and 1.5 s stay whole.
        const bool dot =
            text[i] == u'.' && i > 0 && text[i - 1].isLetter() && text[i + 1].isLetter();
        const bool joint = (text[i] == u'_' || text[i] == u'/') && text[i + 1].isLetterOrNumber();
        if (dot || joint) out += kZeroWidthSpace;
    }
    return out;
}

QLineEdit* textField(const std::string& text) {
    auto* field = new QLineEdit(shownText(text));
    if (isTooLongToShow(text)) {
        field->setReadOnly(true);
        field->setToolTip(QCoreApplication::translate(
            "LongText", "Too long to edit here; the whole text is kept and saved."));
    }
    field->setCursorPosition(0);  // a long text shown from its start
    return field;
}

}  // namespace infraplan::ui
