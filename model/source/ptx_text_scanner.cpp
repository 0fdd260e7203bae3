#include "model/source/ptx_text_scanner.h"

#include <QRegularExpression>

namespace model {

namespace {

QString withoutComment(const QString& line)
{
    const auto comment = line.indexOf(QStringLiteral("//"));
    return comment < 0 ? line : line.left(comment);
}

} // namespace

PtxTextScanner::PtxTextScanner(const QStringList& lines)
    : m_lines(lines)
{
}

int PtxTextScanner::findBodyStart(int headerIndex) const
{
    // The parameter list may span lines and holds no braces; the body opens with the first '{' after it.
    int parens = 0;
    for (int i = headerIndex; i < m_lines.size(); ++i) {
        const QString code = withoutComment(m_lines[i]);
        for (const QChar c : code) {
            if (c == u'(')
                ++parens;
            else if (c == u')')
                --parens;
            else if (c == u'{' && parens == 0)
                return i;
            else if (c == u';' && parens == 0)
                return -1; // a declaration without a body
        }
    }
    return -1;
}

void PtxTextScanner::addStatements(const QString& code, int line, QVector<PtxStatement>& out)
{
    static const QRegularExpression label(QStringLiteral(R"(^[$%\w.]+:\s*)"));
    for (QString piece : code.split(u';')) {
        piece = piece.simplified(); // nvcc separates opcode and operands with a tab
        piece.remove(label);
        if (piece.isEmpty() || piece.startsWith(u'.'))
            continue;
        out.push_back(PtxStatement { line, piece + u';' });
    }
}

QVector<PtxStatement> PtxTextScanner::functionStatements(int headerLine) const
{
    QVector<PtxStatement> out;
    const int start = findBodyStart(headerLine - 1);
    if (start < 0)
        return out;
    int depth = 0;
    for (int i = start; i < m_lines.size(); ++i) {
        QString code;
        for (const QChar c : withoutComment(m_lines[i])) {
            if (c == u'{') {
                ++depth;
                code += u' ';
            } else if (c == u'}') {
                --depth;
                code += u' ';
            } else {
                code += c;
            }
        }
        // A statement ends with ';'; text after the last one on a line is a label or nothing.
        const auto end = code.lastIndexOf(u';');
        if (end >= 0)
            addStatements(code.left(end), i + 1, out);
        if (depth <= 0)
            break;
    }
    return out;
}

} // namespace model
