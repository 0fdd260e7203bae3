#pragma once

#include <QString>

#include <functional>
#include <optional>

namespace model {

/// Evaluates one watch expression for one lane: integers (decimal or 0x hex), register names (`%r5`,
/// `%rd6`, `%p1`; a register reads as its raw bits, predicates 0 or 1), unary `-` and `~`, and the binary
/// operators `* / % + - << >> & ^ |` with C precedence, and parentheses. 64-bit two's-complement
/// arithmetic; division by zero is an error. Pure; any thread.
class WatchEvaluator {
public:
    /// Returns a register's value in the evaluated lane, or nothing when no register has that name.
    using Lookup = std::function<std::optional<quint64>(const QString& name)>;

    struct Outcome {
        quint64 value = 0;
        QString error; ///< empty on success
    };

    WatchEvaluator(QString expression, Lookup lookup);

    Outcome evaluate();

private:
    quint64 binary(int level);
    quint64 unary();
    quint64 primary();
    quint64 apply(const QString& op, quint64 a, quint64 b);
    QString peekOperator(int level) const;
    void skipSpaces();
    void fail(const QString& message);

    QString m_text;
    Lookup m_lookup;
    qsizetype m_pos = 0;
    QString m_error;
};

} // namespace model
