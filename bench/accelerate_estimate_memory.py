"""`accelerate estimate-memory` on local config.json files, for `npm run bench -- estimate-accuracy`.

The CLI looks the model up on the Hub before it reads the config (accelerate/commands/estimate.py,
create_empty_model -> verify_on_hub), which an offline machine cannot do. This runs the CLI's own
gather_data() with only that look-up replaced: the config comes from a local folder, the model is built
on the meta device by transformers' AutoModel as the CLI builds it, and "Training using Adam" is the
CLI's max(estimate_training_usage(...).values()).

stdin: [{"key": str, "config": {...config.json...}, "dtype": "float32" | "float16"}]
stdout: {"key": training_using_adam_bytes, ...}
"""

import argparse
import json
import sys
import tempfile
import types
from pathlib import Path

from accelerate.commands import estimate


def _local_model_info(repo, token=None):
    return types.SimpleNamespace(config={}, library_name="transformers")


def main():
    estimate.verify_on_hub = _local_model_info
    requests = json.load(sys.stdin)
    answers = {}
    with tempfile.TemporaryDirectory() as root:
        for i, request in enumerate(requests):
            folder = Path(root) / str(i)
            folder.mkdir()
            (folder / "config.json").write_text(json.dumps(request["config"]))
            args = argparse.Namespace(
                model_name=str(folder),
                library_name="transformers",
                trust_remote_code=False,
                dtypes=[request["dtype"]],
            )
            row = estimate.gather_data(args)[0]
            answers[request["key"]] = max(row[3].values())
    json.dump(answers, sys.stdout)


if __name__ == "__main__":
    main()
