// The stepper's pure pieces: watch expressions, register formatting, and finding PTX statements in text.
#include "tests/model/stepper_test_suites.h"

#include "model/source/ptx_text_scanner.h"
#include "model/stepper/value_kind.h"
#include "model/stepper/watch_evaluator.h"

#include <QTest>

namespace model::tests {

namespace {

class StepperValuesTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void watchExpressions_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<qint64>("value");
        QTest::addColumn<QString>("error");
        QTest::newRow("register") << QStringLiteral("%r6") << qint64 { 70 } << QString();
        QTest::newRow("precedence") << QStringLiteral("%r6 * 4 + %rd4") << qint64 { 70 * 4 + 4096 } << QString();
        QTest::newRow("parentheses") << QStringLiteral("(%r6 + 2) * 4") << qint64 { 288 } << QString();
        QTest::newRow("hex and shift") << QStringLiteral("0x10 << 2 | 1") << qint64 { 65 } << QString();
        QTest::newRow("unary minus") << QStringLiteral("-%r6 / 7") << qint64 { -10 } << QString();
        QTest::newRow("modulo") << QStringLiteral("%r6 % 32") << qint64 { 6 } << QString();
        QTest::newRow("predicate") << QStringLiteral("%p1 + 1") << qint64 { 2 } << QString();
        QTest::newRow("unknown register") << QStringLiteral("%r99") << qint64 { 0 } << QStringLiteral("no register '%r99'");
        QTest::newRow("division by zero") << QStringLiteral("%r6 / 0") << qint64 { 0 } << QStringLiteral("division by zero");
        QTest::newRow("dangling") << QStringLiteral("%r6 +") << qint64 { 0 } << QStringLiteral("expression ends too early");
        QTest::newRow("unbalanced") << QStringLiteral("(%r6") << qint64 { 0 } << QStringLiteral("missing ')'");
    }

    void watchExpressions()
    {
        QFETCH(QString, expression);
        QFETCH(qint64, value);
        QFETCH(QString, error);
        WatchEvaluator evaluator(expression, [](const QString& name) -> std::optional<quint64> {
            if (name == QStringLiteral("%r6"))
                return 70;
            if (name == QStringLiteral("%rd4"))
                return 4096;
            if (name == QStringLiteral("%p1"))
                return 1;
            return std::nullopt;
        });
        const auto outcome = evaluator.evaluate();
        QCOMPARE(outcome.error, error);
        if (error.isEmpty())
            QCOMPARE(static_cast<qint64>(outcome.value), value);
    }

    void formatting_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("bits");
        QTest::addColumn<quint64>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("pred") << int(ValueKind::Predicate) << 1 << quint64 { 1 } << QStringLiteral("true");
        QTest::newRow("s32 negative") << int(ValueKind::Signed) << 32 << quint64 { 0xfffffffe } << QStringLiteral("-2");
        QTest::newRow("u32") << int(ValueKind::Unsigned) << 32 << quint64 { 0xfffffffe } << QStringLiteral("4294967294");
        QTest::newRow("b64 address") << int(ValueKind::Bits) << 64 << quint64 { 0x100000100 } << QStringLiteral("0x100000100");
        QTest::newRow("f32 1.5") << int(ValueKind::Float32) << 32 << quint64 { 0x3fc00000 } << QStringLiteral("1.5");
        QTest::newRow("f64 -2") << int(ValueKind::Float64) << 64 << quint64 { 0xc000000000000000 } << QStringLiteral("-2");
        QTest::newRow("f16 0.5") << int(ValueKind::Float16) << 16 << quint64 { 0x3800 } << QStringLiteral("0.5");
    }

    void formatting()
    {
        QFETCH(int, kind);
        QFETCH(int, bits);
        QFETCH(quint64, value);
        QFETCH(QString, text);
        QCOMPARE(formatValue(static_cast<ValueKind>(kind), bits, value), text);
    }

    void scannerFindsInstructionStatements()
    {
        const QStringList ptx = QStringLiteral(
            ".visible .entry k(\n"
            "\t.param .u64 k_param_0\n"
            ")\n"
            "{\n"
            "\t.reg .pred %p<2>;\n"
            "\t.loc 1 3 0\n"
            "\tld.param.u64 %rd1, [k_param_0]; // first\n"
            "\tsetp.ne.s32 %p1, %r1, 0;\n"
            "\t@%p1 bra $L__BB0_2;\n"
            "$L__BB0_2:\n"
            "\t{ // callseq\n"
            "\t.param .b32 param0;\n"
            "\tst.param.b32 [param0], %r1;\n"
            "\t}\n"
            "\tret;\n"
            "}\n"
            ".visible .entry other()\n{\n\tret;\n}\n")
                                  .split(u'\n');
        const auto statements = PtxTextScanner(ptx).functionStatements(1);
        QCOMPARE(statements.size(), 5);
        QCOMPARE(statements[0].line, 7);
        QCOMPARE(statements[0].text, QStringLiteral("ld.param.u64 %rd1, [k_param_0];"));
        QCOMPARE(statements[2].text, QStringLiteral("@%p1 bra $L__BB0_2;"));
        QCOMPARE(statements[3].line, 13);
        QCOMPARE(statements[4].text, QStringLiteral("ret;"));
        QCOMPARE(PtxTextScanner(ptx).functionStatements(17).size(), 1);
    }
};

} // namespace

std::unique_ptr<QObject> makeStepperValuesTest() { return std::make_unique<StepperValuesTest>(); }

} // namespace model::tests

#include "test_stepper_values.moc"
