; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare,outcore)' -pass-remarks=outcore -pass-remarks-missed=outcore -disable-output %s 2>&1 | FileCheck %s
;
; printf is called in the check loop after the sweep, inside the time loop: it
; refuses the check loop (which reports it, once) and the time loop around it,
; not the sweep beside it, which is a nest of its own and gets hints.
; CHECK-DAG: remark: {{.*}}prefetch of a with tag
; CHECK-DAG: remark: {{.*}}release of a with tag
; CHECK-DAG: remark: {{.*}}prefetch of b with tag
; CHECK-DAG: remark: {{.*}}loop nest not transformed: the loop calls 'printf', which may access memory the analysis cannot see
; CHECK-NOT: the loop calls 'printf'
;
; #include <stdio.h>
; void relax(double *a, double *b, long n, long steps) {
;   for (long t = 0; t < steps; t++) {
;     for (long i = 1; i < n - 1; i++)
;       for (long j = 0; j < n; j++)
;         b[i * n + j] = 0.5 * (a[(i - 1) * n + j] + a[(i + 1) * n + j]);
;     for (long i = 0; i < n; i++)
;       if (b[i * n] < 0)
;         printf("step %ld: row %ld negative\n", t, i);
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [28 x i8] c"step %ld: row %ld negative\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local void @relax(ptr noundef %a, ptr noundef %b, i64 noundef %n, i64 noundef %steps) #0 {
entry:
  %a.addr = alloca ptr, align 8
  %b.addr = alloca ptr, align 8
  %n.addr = alloca i64, align 8
  %steps.addr = alloca i64, align 8
  %t = alloca i64, align 8
  %cleanup.dest.slot = alloca i32, align 4
  %i = alloca i64, align 8
  %j = alloca i64, align 8
  %i22 = alloca i64, align 8
  store ptr %a, ptr %a.addr, align 8, !tbaa !5
  store ptr %b, ptr %b.addr, align 8, !tbaa !5
  store i64 %n, ptr %n.addr, align 8, !tbaa !9
  store i64 %steps, ptr %steps.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %t) #3
  store i64 0, ptr %t, align 8, !tbaa !9
  br label %for.cond

for.cond:                                         ; preds = %for.inc33, %entry
  %0 = load i64, ptr %t, align 8, !tbaa !9
  %1 = load i64, ptr %steps.addr, align 8, !tbaa !9
  %cmp = icmp slt i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  store i32 2, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %t) #3
  br label %for.end35

for.body:                                         ; preds = %for.cond
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  store i64 1, ptr %i, align 8, !tbaa !9
  br label %for.cond1

for.cond1:                                        ; preds = %for.inc19, %for.body
  %2 = load i64, ptr %i, align 8, !tbaa !9
  %3 = load i64, ptr %n.addr, align 8, !tbaa !9
  %sub = sub nsw i64 %3, 1
  %cmp2 = icmp slt i64 %2, %sub
  br i1 %cmp2, label %for.body4, label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond1
  store i32 5, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  br label %for.end21

for.body4:                                        ; preds = %for.cond1
  call void @llvm.lifetime.start.p0(i64 8, ptr %j) #3
  store i64 0, ptr %j, align 8, !tbaa !9
  br label %for.cond5

for.cond5:                                        ; preds = %for.inc, %for.body4
  %4 = load i64, ptr %j, align 8, !tbaa !9
  %5 = load i64, ptr %n.addr, align 8, !tbaa !9
  %cmp6 = icmp slt i64 %4, %5
  br i1 %cmp6, label %for.body8, label %for.cond.cleanup7

for.cond.cleanup7:                                ; preds = %for.cond5
  store i32 8, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %j) #3
  br label %for.end

for.body8:                                        ; preds = %for.cond5
  %6 = load ptr, ptr %a.addr, align 8, !tbaa !5
  %7 = load i64, ptr %i, align 8, !tbaa !9
  %sub9 = sub nsw i64 %7, 1
  %8 = load i64, ptr %n.addr, align 8, !tbaa !9
  %mul = mul nsw i64 %sub9, %8
  %9 = load i64, ptr %j, align 8, !tbaa !9
  %add = add nsw i64 %mul, %9
  %arrayidx = getelementptr inbounds double, ptr %6, i64 %add
  %10 = load double, ptr %arrayidx, align 8, !tbaa !11
  %11 = load ptr, ptr %a.addr, align 8, !tbaa !5
  %12 = load i64, ptr %i, align 8, !tbaa !9
  %add10 = add nsw i64 %12, 1
  %13 = load i64, ptr %n.addr, align 8, !tbaa !9
  %mul11 = mul nsw i64 %add10, %13
  %14 = load i64, ptr %j, align 8, !tbaa !9
  %add12 = add nsw i64 %mul11, %14
  %arrayidx13 = getelementptr inbounds double, ptr %11, i64 %add12
  %15 = load double, ptr %arrayidx13, align 8, !tbaa !11
  %add14 = fadd double %10, %15
  %mul15 = fmul double 5.000000e-01, %add14
  %16 = load ptr, ptr %b.addr, align 8, !tbaa !5
  %17 = load i64, ptr %i, align 8, !tbaa !9
  %18 = load i64, ptr %n.addr, align 8, !tbaa !9
  %mul16 = mul nsw i64 %17, %18
  %19 = load i64, ptr %j, align 8, !tbaa !9
  %add17 = add nsw i64 %mul16, %19
  %arrayidx18 = getelementptr inbounds double, ptr %16, i64 %add17
  store double %mul15, ptr %arrayidx18, align 8, !tbaa !11
  br label %for.inc

for.inc:                                          ; preds = %for.body8
  %20 = load i64, ptr %j, align 8, !tbaa !9
  %inc = add nsw i64 %20, 1
  store i64 %inc, ptr %j, align 8, !tbaa !9
  br label %for.cond5, !llvm.loop !13

for.end:                                          ; preds = %for.cond.cleanup7
  br label %for.inc19

for.inc19:                                        ; preds = %for.end
  %21 = load i64, ptr %i, align 8, !tbaa !9
  %inc20 = add nsw i64 %21, 1
  store i64 %inc20, ptr %i, align 8, !tbaa !9
  br label %for.cond1, !llvm.loop !15

for.end21:                                        ; preds = %for.cond.cleanup3
  call void @llvm.lifetime.start.p0(i64 8, ptr %i22) #3
  store i64 0, ptr %i22, align 8, !tbaa !9
  br label %for.cond23

for.cond23:                                       ; preds = %for.inc30, %for.end21
  %22 = load i64, ptr %i22, align 8, !tbaa !9
  %23 = load i64, ptr %n.addr, align 8, !tbaa !9
  %cmp24 = icmp slt i64 %22, %23
  br i1 %cmp24, label %for.body26, label %for.cond.cleanup25

for.cond.cleanup25:                               ; preds = %for.cond23
  store i32 11, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %i22) #3
  br label %for.end32

for.body26:                                       ; preds = %for.cond23
  %24 = load ptr, ptr %b.addr, align 8, !tbaa !5
  %25 = load i64, ptr %i22, align 8, !tbaa !9
  %26 = load i64, ptr %n.addr, align 8, !tbaa !9
  %mul27 = mul nsw i64 %25, %26
  %arrayidx28 = getelementptr inbounds double, ptr %24, i64 %mul27
  %27 = load double, ptr %arrayidx28, align 8, !tbaa !11
  %cmp29 = fcmp olt double %27, 0.000000e+00
  br i1 %cmp29, label %if.then, label %if.end

if.then:                                          ; preds = %for.body26
  %28 = load i64, ptr %t, align 8, !tbaa !9
  %29 = load i64, ptr %i22, align 8, !tbaa !9
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str, i64 noundef %28, i64 noundef %29)
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body26
  br label %for.inc30

for.inc30:                                        ; preds = %if.end
  %30 = load i64, ptr %i22, align 8, !tbaa !9
  %inc31 = add nsw i64 %30, 1
  store i64 %inc31, ptr %i22, align 8, !tbaa !9
  br label %for.cond23, !llvm.loop !16

for.end32:                                        ; preds = %for.cond.cleanup25
  br label %for.inc33

for.inc33:                                        ; preds = %for.end32
  %31 = load i64, ptr %t, align 8, !tbaa !9
  %inc34 = add nsw i64 %31, 1
  store i64 %inc34, ptr %t, align 8, !tbaa !9
  br label %for.cond, !llvm.loop !17

for.end35:                                        ; preds = %for.cond.cleanup
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @printf(ptr noundef, ...) #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"double", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = distinct !{!15, !14}
!16 = distinct !{!16, !14}
!17 = distinct !{!17, !14}
