; // A loop that reports with printf and calls an unknown function: the missed
; // remark names printf and quotes no Polly reason about the other call.
; int printf(const char *, ...);
; void step(int n, double *a);
; void run(int steps, int n, double *a) {
;   for (int t = 0; t < steps; t++) {
;     if (t % 20 == 0)
;       printf("step %d %f\n", t, a[t]);
;     step(n, a);
;   }
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-missed=outcore -disable-output %s 2>&1 | FileCheck %s
; CHECK: remark: <unknown>:0:0: loop nest not transformed: the loop calls 'printf', which may access memory the analysis cannot see{{$}}
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [12 x i8] c"step %d %f\0A\00", align 1

define dso_local void @run(i32 noundef %steps, i32 noundef %n, ptr noundef %a) #0 {
entry:
  %cmp2 = icmp slt i32 0, %steps
  br i1 %cmp2, label %for.body.lr.ph, label %for.end

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %if.end
  %t.03 = phi i32 [ 0, %for.body.lr.ph ], [ %inc, %if.end ]
  %rem = urem i32 %t.03, 20
  %cmp1 = icmp eq i32 %rem, 0
  br i1 %cmp1, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %idxprom = zext nneg i32 %t.03 to i64
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %idxprom
  %0 = load double, ptr %arrayidx, align 8
  %call = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i32 noundef %t.03, double noundef %0) #2
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  call void @step(i32 noundef %n, ptr noundef %a) #2
  %inc = add nuw nsw i32 %t.03, 1
  %cmp = icmp slt i32 %inc, %steps
  br i1 %cmp, label %for.body, label %for.cond.for.end_crit_edge, !llvm.loop !6

for.cond.for.end_crit_edge:                       ; preds = %if.end
  br label %for.end

for.end:                                          ; preds = %for.cond.for.end_crit_edge, %entry
  ret void
}

declare i32 @printf(ptr noundef, ...) #1

declare void @step(i32 noundef, ptr noundef) #1

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
