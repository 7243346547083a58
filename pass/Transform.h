//===- Transform.h - The outcore transform pass ----------------------------===//
//
// Consumes the locality analysis: reports it (Locality remarks), then
// strip-mines and software-pipelines each nest it can handle and inserts the
// runtime's hints (TOCS 3.2, OSDI 3.2). Nests it cannot handle stay as they
// were, with a NotTransformed remark.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_TRANSFORM_H
#define OUTCORE_TRANSFORM_H

#include "Options.h"

#include "llvm/IR/PassManager.h"

#include <optional>

namespace outcore {

class OutcorePass : public llvm::PassInfoMixin<OutcorePass> {
public:
  explicit OutcorePass(std::optional<OutcoreParams> Params = {})
      : Params(std::move(Params)) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);

private:
  std::optional<OutcoreParams> Params;
};

} // namespace outcore

#endif
