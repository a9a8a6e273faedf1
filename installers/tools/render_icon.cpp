// Build-time tool: renders an SVG icon to square PNGs for the hicolor icon theme, so the
// repository keeps only the SVG. Usage: infraplan-render-icon IN.svg OUT_PREFIX SIZE...
// writes OUT_PREFIX-SIZE.png for each size. Exits 1 with a message when the SVG cannot be read
// or a PNG cannot be written. Painting on a QImage needs no QGuiApplication, so no display.
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <cstdio>

namespace {

bool renderPng(QSvgRenderer& svg, int size, const QString& path) {
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter);
    painter.end();
    return image.save(path, "PNG");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fputs("usage: infraplan-render-icon IN.svg OUT_PREFIX SIZE...\n", stderr);
        return 2;
    }
    QSvgRenderer svg(QString::fromLocal8Bit(argv[1]));
    if (!svg.isValid()) {
        std::fprintf(stderr, "infraplan-render-icon: cannot read the SVG %s\n", argv[1]);
        return 1;
    }
    for (int i = 3; i < argc; ++i) {
        bool ok = false;
        const int size = QByteArray(argv[i]).toInt(&ok);
        const QString path = QString::fromLocal8Bit(argv[2]) + QLatin1Char('-') +
                             QString::number(size) + QStringLiteral(".png");
        if (!ok || size <= 0 || size > 4096) {
            std::fprintf(stderr, "infraplan-render-icon: bad size '%s'\n", argv[i]);
            return 2;
        }
        if (!renderPng(svg, size, path)) {
            std::fprintf(stderr, "infraplan-render-icon: cannot write %s\n", qPrintable(path));
            return 1;
        }
    }
    return 0;
}
