; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-missed=outcore -S %s 2>&1 | FileCheck %s
;
; CHECK: remark: {{.*}}loop nest not transformed: no reference needs prefetch or release hints
; CHECK-NOT: call {{.*}}@oc_
;
; // Every array is smaller than a page: no reference needs a hint.
; double a[256], b[256];
; 
; void copy(void) {
;   for (int i = 0; i < 256; i++)
;     a[i] = b[i];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@b = dso_local global [256 x double] zeroinitializer, align 16
@a = dso_local global [256 x double] zeroinitializer, align 16

define dso_local void @copy() #0 {
entry:
  br label %for.body

for.body:                                         ; preds = %entry, %for.body
  %i.01 = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %idxprom = zext nneg i32 %i.01 to i64
  %arrayidx = getelementptr inbounds [256 x double], ptr @b, i64 0, i64 %idxprom
  %0 = load double, ptr %arrayidx, align 8
  %idxprom1 = zext nneg i32 %i.01 to i64
  %arrayidx2 = getelementptr inbounds [256 x double], ptr @a, i64 0, i64 %idxprom1
  store double %0, ptr %arrayidx2, align 8
  %inc = add nuw nsw i32 %i.01, 1
  %cmp = icmp ult i32 %inc, 256
  br i1 %cmp, label %for.body, label %for.end, !llvm.loop !6

for.end:                                          ; preds = %for.body
  ret void
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
