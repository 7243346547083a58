; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK:      Nest 0 (ScalarEvolution), 1 loops, 3 references
; CHECK:        ref a[i] (read, 8 B elements)
; CHECK:          group 0 leader; prefetch when i mod 512 = 0; release when false; priority 0; hints yes
; CHECK:        ref a[i] (read, 8 B elements)
; CHECK:          group 0 trailer; prefetch when false; release when i mod 512 = 511; priority 0; hints yes
; CHECK:        ref b[i] (write, 8 B elements)
; CHECK:          prefetch when i mod 512 = 0; release when i mod 512 = 511; priority 0; hints yes
; CHECK-NOT:  Missed nest
;
; // sqrt and exp under math-errno write only errno: the loop is modelled
; // (Polly declines it for the calls), b and a get hints.
; double sqrt(double);
; double exp(double);
; 
; void f(long n, double *a, double *b) {
;   for (long i = 0; i < n; i++)
;     b[i] = sqrt(a[i]) + exp(a[i]);
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @f(i64 noundef %n, ptr noundef %a, ptr noundef %b) #0 {
entry:
  %cmp1 = icmp slt i64 0, %n
  br i1 %cmp1, label %for.body.lr.ph, label %for.end

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.02 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %i.02
  %0 = load double, ptr %arrayidx, align 8
  %call = call double @sqrt(double noundef %0) #2
  %arrayidx1 = getelementptr inbounds double, ptr %a, i64 %i.02
  %1 = load double, ptr %arrayidx1, align 8
  %call2 = call double @exp(double noundef %1) #2
  %add = fadd double %call, %call2
  %arrayidx3 = getelementptr inbounds double, ptr %b, i64 %i.02
  store double %add, ptr %arrayidx3, align 8
  %inc = add nuw nsw i64 %i.02, 1
  %cmp = icmp slt i64 %inc, %n
  br i1 %cmp, label %for.body, label %for.cond.for.end_crit_edge, !llvm.loop !6

for.cond.for.end_crit_edge:                       ; preds = %for.body
  br label %for.end

for.end:                                          ; preds = %for.cond.for.end_crit_edge, %entry
  ret void
}

declare double @sqrt(double noundef) #1

declare double @exp(double noundef) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
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
