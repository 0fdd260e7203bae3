#include "tests/model/run_test_support.h"

#include <QFile>
#include <QTemporaryDir>

namespace model::tests {

QString writeOffsetScenario(const QTemporaryDir& dir, int n, const QString& extraKey)
{
    const auto module = QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/kernels/offset_copy.cu");
    const auto extra = extraKey.isEmpty() ? QString() : QStringLiteral("\"%1\": 1,\n").arg(extraKey);
    const auto text = QString::fromUtf8(R"json({
  "warpscope": 1,
  %1"name": "tiny offset copy",
  "module": "%2",
  "device": "h100",
  "params": {"n": %3, "offset": 0},
  "buffers": {
    "idata": {"type": "f32", "count": "n + 32", "init": "iota"},
    "odata": {"type": "f32", "count": "n + 32", "init": "zero"}
  },
  "host": {"h_in": {"type": "f32", "count": "n + 32", "pinned": true, "init": "random:42"}},
  "steps": [
    {"memcpy": {"dst": "idata", "src": "h_in", "bytes": "4 * (n + 32)"}},
    {"launch": {"kernel": "offsetCopy", "grid": ["n / 256"], "block": [256], "args": ["odata", "idata", "offset"]}},
    {"synchronize": {}}
  ]
}
)json")
                          .arg(extra, module)
                          .arg(n);
    const auto path = dir.filePath(QStringLiteral("tiny_offset.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(text.toUtf8());
    return path;
}

} // namespace model::tests
