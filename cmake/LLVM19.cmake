# Debian's LLVM 19: find_package(LLVM 19) fails on the version file (it wants 19.1),
# so point at the config directly (PLATFORM.md).
find_package(LLVM REQUIRED CONFIG PATHS /usr/lib/llvm-19/lib/cmake/llvm NO_DEFAULT_PATH)
message(STATUS "Outcore: LLVM ${LLVM_PACKAGE_VERSION} in ${LLVM_INSTALL_PREFIX}")

# Polly is compiled into libLLVM.so: use its headers (and the isl headers it carries),
# never libPolly.a, LLVMPolly.so or Debian's libisl (PLATFORM.md).
set(OUTCORE_POLLY_INCLUDE_DIRS
  ${LLVM_INCLUDE_DIRS}
  ${LLVM_INSTALL_PREFIX}/include/polly)
set(OUTCORE_LLVM_BIN ${LLVM_TOOLS_BINARY_DIR})
set(OUTCORE_LIT ${LLVM_INSTALL_PREFIX}/build/utils/lit/lit.py)

# Compile flags shared by everything that includes LLVM or Polly headers.
function(outcore_llvm_target target)
  target_include_directories(${target} SYSTEM PRIVATE ${OUTCORE_POLLY_INCLUDE_DIRS})
  target_compile_definitions(${target} PRIVATE ${LLVM_DEFINITIONS})
  if(NOT LLVM_ENABLE_RTTI)
    target_compile_options(${target} PRIVATE -fno-rtti)
  endif()
endfunction()
