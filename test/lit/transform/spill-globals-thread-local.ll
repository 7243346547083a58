; RUN: opt -load-pass-plugin=%outcore -passes='outcore-spill-globals,verify' -outcore-spill-globals-min=4096 -pass-remarks-missed=outcore -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.err
;
; static _Thread_local double a[1024];   /* one per thread: not a heap block */
; int main(void) { return (int)a[3]; }
;
; CHECK:     @a = internal thread_local global [1024 x double] zeroinitializer
; CHECK-NOT: oc_spill_map_global
; REMARK:    remark: {{.*}}global a not spilled: thread_local

@a = internal thread_local global [1024 x double] zeroinitializer, align 16

define i32 @main() {
entry:
  %p = call ptr @llvm.threadlocal.address.p0(ptr @a)
  %q = getelementptr inbounds double, ptr %p, i64 3
  %x = load double, ptr %q
  %r = fptosi double %x to i32
  ret i32 %r
}

declare ptr @llvm.threadlocal.address.p0(ptr)
