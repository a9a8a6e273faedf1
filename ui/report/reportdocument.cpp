#include "ui/report/reportdocument.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QPainter>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <cmath>

#include "ui/report/htmlbuilder.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {
namespace {

constexpr int kDpi = 300;
// A4 page margins in millimetres; the header and footer sit inside the top and bottom ones.
constexpr double kLeftMm = 18, kRightMm = 18, kTopMm = 22, kBottomMm = 20;
// Space a heading needs below it on its page, else it moves to the next (no orphaned headings).
constexpr double kKeepSectionPt = 130, kKeepSubsectionPt = 90;

QFont reportFont(double pointSize) {
    QFont font;
    font.setFamilies({QStringLiteral("Helvetica Neue"), QStringLiteral("Arial"),
                      QStringLiteral("DejaVu Sans"), QStringLiteral("Liberation Sans")});
    font.setStyleHint(QFont::SansSerif);
    font.setPointSizeF(pointSize);
    return font;
}

// The first heading that sits at the foot of a page without room for what follows it.
QTextBlock orphanedHeading(QTextDocument& document, double pageHeight, double pt) {
    QAbstractTextDocumentLayout* layout = document.documentLayout();
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        const int level = block.blockFormat().headingLevel();
        if (level < 2 || block.blockFormat().pageBreakPolicy() != QTextFormat::PageBreak_Auto)
            continue;
        const QRectF rect = layout->blockBoundingRect(block);
        const double pageBottom = (std::floor(rect.top() / pageHeight) + 1) * pageHeight;
        const double keep = (level == 2 ? kKeepSectionPt : kKeepSubsectionPt) * pt;
        if (pageBottom - rect.bottom() < keep && std::fmod(rect.top(), pageHeight) > 1)
            return block;
    }
    return {};
}

// Move such headings to the top of the next page, one at a time from the first (a move shifts
// everything after it), relaying out the whole document after each: Qt's incremental relayout
// leaves the tables after a moved block where they were.
void keepHeadingsWithText(QTextDocument& document, double pageHeight, double pt) {
    for (int moves = 0; moves < 500; ++moves) {
        const QTextBlock block = orphanedHeading(document, pageHeight, pt);
        if (!block.isValid()) return;
        QTextBlockFormat format;
        format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(block).mergeBlockFormat(format);
        document.markContentsDirty(0, document.characterCount());
    }
}

void drawPageFrame(QPainter& painter, const QRectF& page, const QRectF& body,
                   const ReportHtml& report, int number, int count) {
    const double mm = kDpi / 25.4;
    painter.save();
    painter.setFont(reportFont(7));
    painter.setPen(QColor(0x5F, 0x6B, 0x76));
    const QRectF header(body.left(), body.top() - 10 * mm, body.width(), 6 * mm);
    painter.drawText(header, Qt::AlignLeft | Qt::AlignBottom,
                     QStringLiteral("Infraplan design report · ") + report.title);
    painter.drawText(header, Qt::AlignRight | Qt::AlignBottom, report.stamp);
    painter.setPen(QPen(QColor(0xC8, 0xCD, 0xD3), 0.5 * kDpi / 72.0));
    painter.drawLine(QPointF(body.left(), body.top() - 3 * mm),
                     QPointF(body.right(), body.top() - 3 * mm));
    const double footerTop = page.height() - kBottomMm * mm + 6 * mm;
    painter.drawLine(QPointF(body.left(), footerTop), QPointF(body.right(), footerTop));
    painter.setPen(QColor(0x5F, 0x6B, 0x76));
    const QRectF footer(body.left(), footerTop + 1 * mm, body.width(), 6 * mm);
    painter.drawText(footer, Qt::AlignLeft | Qt::AlignTop,
                     QStringLiteral("Computed by an analytic model; see Assumptions and sources."));
    painter.drawText(footer, Qt::AlignRight | Qt::AlignTop,
                     QStringLiteral("Page %1 of %2").arg(number).arg(count));
    painter.restore();
}

}  // namespace

ReportHtml buildReportHtml(const ReportInput& input) {
    const ExpandResult expanded = expand(input.design, input.catalog, input.expand);
    const Graph* graph = expanded.ok() ? &expanded.graph : nullptr;
    HtmlBuilder b;
    addTitle(b, input);
    addExecutiveSummary(b, input);
    addHardware(b, input);
    addTopology(b, input, graph);
    addWorkload(b, input);
    addTraining(b, input);
    addInference(b, input);
    addMemory(b, input);
    addNetwork(b, input);
    addPowerCooling(b, input);
    addCost(b, input);
    addBillOfMaterials(b, input, graph);
    addExtraSections(b, input);
    addVariants(b, input);
    addFindings(b, input);
    addSources(b, input);
    return {designTitle(input),
            QStringLiteral("Infraplan %1 · %2")
                .arg(QStringLiteral(INFRAPLAN_VERSION),
                     input.generated.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))),
            b.html(), b.charts()};
}

std::unique_ptr<QTextDocument> buildReportDocument(const ReportHtml& report) {
    auto document = std::make_unique<QTextDocument>();
    document->setDefaultFont(reportFont(9));
    document->setDocumentMargin(0);
    document->setHtml(report.html);
    document->setMetaInformation(QTextDocument::DocumentTitle, report.title);
    installCharts(*document, report.charts);
    return document;
}

QByteArray renderReportPdf(const ReportHtml& report, int* pages) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setResolution(kDpi);
        writer.setTitle(QStringLiteral("Infraplan report: ") + report.title);
        writer.setCreator(QStringLiteral("Infraplan ") + QStringLiteral(INFRAPLAN_VERSION));
        const auto document = buildReportDocument(report);
        document->documentLayout()->setPaintDevice(&writer);
        const double mm = kDpi / 25.4;
        const QRectF page(0, 0, writer.width(), writer.height());
        const QRectF body =
            page.adjusted(kLeftMm * mm, kTopMm * mm, -kRightMm * mm, -kBottomMm * mm);
        document->setPageSize(body.size());
        keepHeadingsWithText(*document, body.height(), kDpi / 72.0);
        const int count = document->pageCount();
        QPainter painter(&writer);
        for (int i = 0; i < count; ++i) {
            if (i > 0) writer.newPage();
            drawPageFrame(painter, page, body, report, i + 1, count);
            painter.save();
            painter.translate(body.left(), body.top() - i * body.height());
            QAbstractTextDocumentLayout::PaintContext context;
            context.clip = QRectF(0, i * body.height(), body.width(), body.height());
            painter.setClipRect(context.clip);
            document->documentLayout()->draw(&painter, context);
            painter.restore();
        }
        painter.end();
        if (pages) *pages = count;
    }
    return bytes;
}

}  // namespace infraplan::report
