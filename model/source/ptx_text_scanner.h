#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace model {

/// One instruction statement found in PTX text.
struct PtxStatement {
    int line = 0; ///< 1-based
    QString text; ///< with its ';', runs of white space as one space
};

/// Finds the instruction statements of the function whose `.entry`/`.func` directive is on 1-based line
/// `headerLine` of `lines`, in program order, so the N-th statement is the instruction with PC N: labels,
/// directives (`.reg`, `.loc`, `.param`, ...), comments and `{ }` scopes are skipped. Pure text work.
class PtxTextScanner {
public:
    explicit PtxTextScanner(const QStringList& lines);

    QVector<PtxStatement> functionStatements(int headerLine) const;

private:
    /// 0-based index of the line holding the body's opening brace, or -1.
    int findBodyStart(int headerIndex) const;
    static void addStatements(const QString& code, int line, QVector<PtxStatement>& out);

    const QStringList& m_lines;
};

} // namespace model
