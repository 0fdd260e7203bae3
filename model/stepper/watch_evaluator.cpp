#include "model/stepper/watch_evaluator.h"

#include <QStringList>

#include <array>

namespace model {

namespace {

/// Binary operators by precedence level, loosest first (C's order).
const std::array<QStringList, 6>& levels()
{
    static const std::array<QStringList, 6> table {
        QStringList { QStringLiteral("|") },
        QStringList { QStringLiteral("^") },
        QStringList { QStringLiteral("&") },
        QStringList { QStringLiteral("<<"), QStringLiteral(">>") },
        QStringList { QStringLiteral("+"), QStringLiteral("-") },
        QStringList { QStringLiteral("*"), QStringLiteral("/"), QStringLiteral("%") },
    };
    return table;
}

bool isNameChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_' || c == u'%' || c == u'$' || c == u'.';
}

} // namespace

WatchEvaluator::WatchEvaluator(QString expression, Lookup lookup)
    : m_text(std::move(expression))
    , m_lookup(std::move(lookup))
{
}

WatchEvaluator::Outcome WatchEvaluator::evaluate()
{
    m_pos = 0;
    m_error.clear();
    const quint64 value = binary(0);
    skipSpaces();
    if (m_error.isEmpty() && m_pos < m_text.size())
        fail(QStringLiteral("unexpected '%1' at column %2").arg(m_text.mid(m_pos, 1)).arg(m_pos + 1));
    return Outcome { value, m_error };
}

void WatchEvaluator::fail(const QString& message)
{
    if (m_error.isEmpty())
        m_error = message;
    m_pos = m_text.size();
}

void WatchEvaluator::skipSpaces()
{
    while (m_pos < m_text.size() && m_text[m_pos].isSpace())
        ++m_pos;
}

QString WatchEvaluator::peekOperator(int level) const
{
    for (const auto& op : levels()[static_cast<std::size_t>(level)]) {
        // "<" alone is no operator here, so "<<" never splits; "|" must not be the start of "||".
        if (m_text.mid(m_pos, op.size()) == op)
            return op;
    }
    return {};
}

quint64 WatchEvaluator::binary(int level)
{
    if (level == static_cast<int>(levels().size()))
        return unary();
    quint64 value = binary(level + 1);
    for (;;) {
        skipSpaces();
        const QString op = peekOperator(level);
        if (op.isEmpty() || !m_error.isEmpty())
            return value;
        m_pos += op.size();
        value = apply(op, value, binary(level + 1));
    }
}

quint64 WatchEvaluator::apply(const QString& op, quint64 a, quint64 b)
{
    const auto sa = static_cast<qint64>(a);
    const auto sb = static_cast<qint64>(b);
    if ((op == u'/' || op == u'%') && b == 0) {
        fail(QStringLiteral("division by zero"));
        return 0;
    }
    if (op == u'|') return a | b;
    if (op == u'^') return a ^ b;
    if (op == u'&') return a & b;
    if (op == QStringLiteral("<<")) return b >= 64 ? 0 : a << b;
    if (op == QStringLiteral(">>")) return b >= 64 ? 0 : a >> b;
    if (op == u'+') return a + b;
    if (op == u'-') return a - b;
    if (op == u'*') return a * b;
    if (op == u'/') return static_cast<quint64>(sa / sb);
    return static_cast<quint64>(sa % sb);
}

quint64 WatchEvaluator::unary()
{
    skipSpaces();
    if (m_pos < m_text.size() && (m_text[m_pos] == u'-' || m_text[m_pos] == u'~')) {
        const bool negate = m_text[m_pos++] == u'-';
        const quint64 value = unary();
        return negate ? ~value + 1 : ~value;
    }
    return primary();
}

quint64 WatchEvaluator::primary()
{
    skipSpaces();
    if (m_pos >= m_text.size()) {
        fail(QStringLiteral("expression ends too early"));
        return 0;
    }
    if (m_text[m_pos] == u'(') {
        ++m_pos;
        const quint64 value = binary(0);
        skipSpaces();
        if (m_pos >= m_text.size() || m_text[m_pos] != u')')
            fail(QStringLiteral("missing ')'"));
        ++m_pos;
        return value;
    }
    const qsizetype start = m_pos;
    while (m_pos < m_text.size() && isNameChar(m_text[m_pos]))
        ++m_pos;
    const QString word = m_text.mid(start, m_pos - start);
    if (word.isEmpty()) {
        fail(QStringLiteral("unexpected '%1' at column %2").arg(m_text.mid(start, 1)).arg(start + 1));
        return 0;
    }
    if (word[0].isDigit()) {
        bool ok = false;
        const quint64 value = word.toULongLong(&ok, 0);
        if (!ok)
            fail(QStringLiteral("'%1' is not a number").arg(word));
        return value;
    }
    if (const auto value = m_lookup(word))
        return *value;
    fail(QStringLiteral("no register '%1'").arg(word));
    return 0;
}

} // namespace model
