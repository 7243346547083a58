; // With -g, a noinline function that only chooses between its plain body and its
; // transformed one describes its parameters too (a breakpoint on it showed none).
; __attribute__((noinline)) void scale(long n, double *a) {
;   for (long i = 0; i < n; i++)
;     a[i] *= 2.0;
; }
;
; (clang -O2 -g -Xclang -disable-llvm-passes)
; RUN: opt -load-pass-plugin=%outcore -passes='default<O2>' -S %s | FileCheck %s
;
; CHECK: define dso_local void @scale(i64 noundef %n, ptr nocapture noundef %a) {{.*}}!dbg ![[SP:[0-9]+]]
; CHECK-NEXT:  oc.dispatch:
; CHECK-NEXT:    #dbg_value(i64 %n, ![[N:[0-9]+]], !DIExpression(), ![[LOC:[0-9]+]])
; CHECK-NEXT:    #dbg_value(ptr %a, ![[A:[0-9]+]], !DIExpression(), ![[LOC]])
; CHECK: define internal fastcc void @scale.outcore.plain({{.*}}!dbg ![[BODY:[0-9]+]]
; CHECK-DAG: ![[SP]] = distinct !DISubprogram(name: "scale"
; CHECK-DAG: ![[N]] = !DILocalVariable(name: "n", arg: 1, scope: ![[SP]]
; CHECK-DAG: ![[A]] = !DILocalVariable(name: "a", arg: 2, scope: ![[SP]]
; CHECK-DAG: ![[LOC]] = !DILocation(line: 3, scope: ![[SP]])
; CHECK-DAG: ![[BODY]] = distinct !DISubprogram(name: "scale"
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @scale(i64 noundef %n, ptr noundef %a) #0 !dbg !9 {
entry:
  %n.addr = alloca i64, align 8
  %a.addr = alloca ptr, align 8
  %i = alloca i64, align 8
  store i64 %n, ptr %n.addr, align 8, !tbaa !20
    #dbg_declare(ptr %n.addr, !16, !DIExpression(), !24)
  store ptr %a, ptr %a.addr, align 8, !tbaa !25
    #dbg_declare(ptr %a.addr, !17, !DIExpression(), !27)
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #2, !dbg !28
    #dbg_declare(ptr %i, !18, !DIExpression(), !29)
  store i64 0, ptr %i, align 8, !dbg !29, !tbaa !20
  br label %for.cond, !dbg !28

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %i, align 8, !dbg !30, !tbaa !20
  %1 = load i64, ptr %n.addr, align 8, !dbg !32, !tbaa !20
  %cmp = icmp slt i64 %0, %1, !dbg !33
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !dbg !34

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #2, !dbg !35
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %a.addr, align 8, !dbg !36, !tbaa !25
  %3 = load i64, ptr %i, align 8, !dbg !37, !tbaa !20
  %arrayidx = getelementptr inbounds double, ptr %2, i64 %3, !dbg !36
  %4 = load double, ptr %arrayidx, align 8, !dbg !38, !tbaa !39
  %mul = fmul double %4, 2.000000e+00, !dbg !38
  store double %mul, ptr %arrayidx, align 8, !dbg !38, !tbaa !39
  br label %for.inc, !dbg !36

for.inc:                                          ; preds = %for.body
  %5 = load i64, ptr %i, align 8, !dbg !41, !tbaa !20
  %inc = add nsw i64 %5, 1, !dbg !41
  store i64 %inc, ptr %i, align 8, !dbg !41, !tbaa !20
  br label %for.cond, !dbg !35, !llvm.loop !42

for.end:                                          ; preds = %for.cond.cleanup
  ret void, !dbg !45
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { noinline nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "dn_g.c", directory: "/", checksumkind: CSK_MD5, checksum: "b50a1108ffa6a2dc5fdc183b3e8d413d")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!9 = distinct !DISubprogram(name: "scale", scope: !1, file: !1, line: 3, type: !10, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !15)
!10 = !DISubroutineType(types: !11)
!11 = !{null, !12, !13}
!12 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!14 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!15 = !{!16, !17, !18}
!16 = !DILocalVariable(name: "n", arg: 1, scope: !9, file: !1, line: 3, type: !12)
!17 = !DILocalVariable(name: "a", arg: 2, scope: !9, file: !1, line: 3, type: !13)
!18 = !DILocalVariable(name: "i", scope: !19, file: !1, line: 4, type: !12)
!19 = distinct !DILexicalBlock(scope: !9, file: !1, line: 4, column: 3)
!20 = !{!21, !21, i64 0}
!21 = !{!"long", !22, i64 0}
!22 = !{!"omnipotent char", !23, i64 0}
!23 = !{!"Simple C/C++ TBAA"}
!24 = !DILocation(line: 3, column: 43, scope: !9)
!25 = !{!26, !26, i64 0}
!26 = !{!"any pointer", !22, i64 0}
!27 = !DILocation(line: 3, column: 54, scope: !9)
!28 = !DILocation(line: 4, column: 8, scope: !19)
!29 = !DILocation(line: 4, column: 13, scope: !19)
!30 = !DILocation(line: 4, column: 20, scope: !31)
!31 = distinct !DILexicalBlock(scope: !19, file: !1, line: 4, column: 3)
!32 = !DILocation(line: 4, column: 24, scope: !31)
!33 = !DILocation(line: 4, column: 22, scope: !31)
!34 = !DILocation(line: 4, column: 3, scope: !19)
!35 = !DILocation(line: 4, column: 3, scope: !31)
!36 = !DILocation(line: 5, column: 5, scope: !31)
!37 = !DILocation(line: 5, column: 7, scope: !31)
!38 = !DILocation(line: 5, column: 10, scope: !31)
!39 = !{!40, !40, i64 0}
!40 = !{!"double", !22, i64 0}
!41 = !DILocation(line: 4, column: 28, scope: !31)
!42 = distinct !{!42, !34, !43, !44}
!43 = !DILocation(line: 5, column: 13, scope: !19)
!44 = !{!"llvm.loop.mustprogress"}
!45 = !DILocation(line: 6, column: 1, scope: !9)
