; // A loop calling an unknown function: left alone with a missed remark.
; void opaque(double *);
; void with_call(int n, double *a) {
;   for (int i = 0; i < n; i++)
;     opaque(&a[i]);
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
; The nest is left exactly as it was, with a missed remark giving the reason.
; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-missed=outcore -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: opt -passes=verify -S %s | diff -u - %t.ll
; REMARK: remark: <unknown>:0:0: loop nest not transformed: the loop calls 'opaque', which may access memory the analysis cannot see (Polly: Call instruction:
;
; CHECK: Outcore locality for function 'with_call': page 4096 B, memory 67108864 B (16384 pages), unknown trip counts version
; CHECK-NEXT: Missed nest at loop 'for.body': the loop calls 'opaque', which may access memory the analysis cannot see (Polly: Call instruction:   call void @opaque(ptr noundef %arrayidx) #2)
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @with_call(i32 noundef %n, ptr noundef %a) #0 {
entry:
  %cmp1 = icmp slt i32 0, %n
  br i1 %cmp1, label %for.body.lr.ph, label %for.end

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.02 = phi i32 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %idxprom = zext nneg i32 %i.02 to i64
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %idxprom
  call void @opaque(ptr noundef %arrayidx) #2
  %inc = add nuw nsw i32 %i.02, 1
  %cmp = icmp slt i32 %inc, %n
  br i1 %cmp, label %for.body, label %for.cond.for.end_crit_edge, !llvm.loop !6

for.cond.for.end_crit_edge:                       ; preds = %for.body
  br label %for.end

for.end:                                          ; preds = %for.cond.for.end_crit_edge, %entry
  ret void
}

declare void @opaque(ptr noundef) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nounwind }

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
