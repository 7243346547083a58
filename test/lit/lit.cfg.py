# lit configuration for Outcore's IR tests (in the style of Polly's and LLVM's).
import os
import lit.formats

config.name = "Outcore"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.outcore_obj_root, "test", "lit")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in", "Inputs", "utils"]

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
config.substitutions.append(("%outcore", config.outcore_plugin))
config.substitutions.append(
    ("%opt", "opt -load-pass-plugin=" + config.outcore_plugin))
config.substitutions.append(
    ("%clang", os.path.join(config.llvm_tools_dir, "clang")
     + " -fpass-plugin=" + config.outcore_plugin
     + " -Xclang -load -Xclang " + config.outcore_plugin))
